"""Lanterns: a two-player duel of hidden lantern cards, three rounds, higher card takes the round
(``engines/lanterns/RULES.md``). The example of a game that is its own packages and nothing more."""

from engines.lanterns.engine import Lanterns, LanternsState

ENGINE = Lanterns()

__all__ = ["ENGINE", "Lanterns", "LanternsState"]
