"""Midnighters (Полуночники): direct a surreal lucid dream, for 2-6 players (``shared/rules/midnighters.md``)."""

from engines.midnighters.engine import Midnighters
from engines.midnighters.state import MidnightersState

ENGINE = Midnighters()

__all__ = ["ENGINE", "Midnighters", "MidnightersState"]
