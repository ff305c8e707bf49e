"""Ghost at Home (Дом с призраками): a race to escape a haunted house, for 2-4 players."""

from engines.ghost_at_home.engine import GhostAtHome
from engines.ghost_at_home.state import GhostState

ENGINE = GhostAtHome()

__all__ = ["ENGINE", "GhostAtHome", "GhostState"]
