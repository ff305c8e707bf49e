"""Midnight Hunt (Полночная Охота): 1v1 / 2v2 hex tactics with bag-built tokens, in the spirit of War Chest."""

from engines.midnight_hunt.engine import MidnightHunt
from engines.midnight_hunt.state import MidnightHuntState

ENGINE = MidnightHunt()

__all__ = ["ENGINE", "MidnightHunt", "MidnightHuntState"]
