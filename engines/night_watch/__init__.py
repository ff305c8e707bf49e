"""Night Watch (Ночная Стража): Mafia on Babylon 5, for 5-25 players."""

from engines.night_watch.engine import NightWatch
from engines.night_watch.state import NightWatchState

ENGINE = NightWatch()

__all__ = ["ENGINE", "NightWatch", "NightWatchState"]
