"""Když sním (When I Dream): the party game of dreams, secret roles and one-word clues, for 4-10 players."""

from engines.kdyz_snim.engine import KdyzSnim
from engines.kdyz_snim.state import KdyzSnimState

ENGINE = KdyzSnim()

__all__ = ["ENGINE", "KdyzSnim", "KdyzSnimState"]
