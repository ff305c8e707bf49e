"""What the runtime asks of whoever delivers its outbox: the :class:`Deliverer` Protocol.

The runtime writes ops to the outbox and never sends anything itself; :class:`bot.delivery.Dispatcher` (which sets
itself as ``runtime.dispatcher``) sends them. The runtime needs eight things of it, each named here with who asks:

* the play (:mod:`bot.play`) wakes a game's delivery after each commit (:meth:`~Deliverer.kick`), and on SQLite
  hands it the rows the commit wrote (:meth:`~Deliverer.hand`) so it need not read them back;
* the cache (:mod:`bot.cache`) keeps a game that is over until its delivery is done (:meth:`~Deliverer.busy`),
  then lets the dispatcher forget what it kept for it (:meth:`~Deliverer.release`);
* the timers (:mod:`bot.timers`) edit "N seconds left" into a prompt at once, outside the outbox
  (:meth:`~Deliverer.send_now`);
* recovery (:mod:`bot.recovery`) resends what a crash left unsent (:meth:`~Deliverer.resume`);
* the runtime waits for deliveries (:meth:`~Deliverer.idle`) and drops waiting retries at shutdown
  (:meth:`~Deliverer.cancel_retries`).

The Protocol is structural: the Dispatcher does not name it. The other direction, what the dispatcher asks of the
runtime, is the delivery's own Protocol. A test or a tool that runs games without delivering anything subclasses
:class:`Undelivered`, which does all of it as nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol

from bot.ops import Op

if TYPE_CHECKING:
    from bot.live import LiveGame


class Deliverer(Protocol):
    """The runtime's dispatcher, as far as the runtime uses it (see the module's docstring for who asks what)."""

    def kick(self, game_id: int, *, handed: bool = False) -> None:
        """Wake the game's delivery. ``handed``: every row written since the last kick was given to :meth:`hand`."""

    def hand(self, game_id: int, rows: list[tuple[int, Op]] | None) -> None:
        """Rows ``(id, op)`` a commit just wrote for ``game_id`` (SQLite), in order; ``None``: read them back."""

    def busy(self, game_id: int) -> bool:
        """Is the game's delivery running, about to, or to be tried again? A game that is over stays until not."""

    def release(self, game_id: int, users: Iterable[str] = ()) -> None:
        """Forget what is kept for a game that is over and delivered, and the DM channels of its ``users``."""

    async def send_now(self, live: LiveGame, op: Op, seq: int | None = None) -> bool:
        """Send something transient (a timer warning) at once, outside the outbox; ``False``: not sent, the game
        moved on from step ``seq``, which it was worded from."""

    def resume(self, game_id: int) -> None:
        """Deliver the rows a crash left unsent."""

    async def idle(self) -> None:
        """Wait until every outbox this process knows of is delivered."""

    def cancel_retries(self) -> None:
        """Shutdown: drop the retries waiting (the outbox keeps their rows for the next start)."""


class Undelivered:
    """A :class:`Deliverer` that delivers nothing: the outbox just fills, as in a process that dies before it sends
    anything. For tests of what is written and of what a restart does with it."""

    def kick(self, game_id: int, *, handed: bool = False) -> None:
        pass

    def hand(self, game_id: int, rows: list[tuple[int, Op]] | None) -> None:
        pass

    def busy(self, game_id: int) -> bool:
        return False

    def release(self, game_id: int, users: Iterable[str] = ()) -> None:
        pass

    async def send_now(self, live: LiveGame, op: Op, seq: int | None = None) -> bool:
        return True

    def resume(self, game_id: int) -> None:
        pass

    async def idle(self) -> None:
        pass

    def cancel_retries(self) -> None:
        pass


__all__ = ["Deliverer", "Undelivered"]
