"""A team's private messages: its own private thread (made once, found by its name after a crash, its members kept
in step), or, where private threads are not allowed, a relay to each member by DM and of their replies. One side of
:class:`bot.executors.Executors`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.dms import DirectMessages
from bot.ops import Op
from bot.payloads import message_payload, row_of
from bot.transport import DeliveryError

if TYPE_CHECKING:
    from bot.delivery import Live


class TeamThreads(DirectMessages):
    """Each team post's calls to Discord, and the team's slot (``team:<name>``: its thread and members)."""

    async def _post_team(self, live: Live, op: Op, nonce: str | None) -> dict[str, Any]:
        slot_name = f"team:{op['team']}"
        slot = live.row.slots.get(slot_name)
        if slot is None:
            slot = await self._make_team_thread(live, op)
        if slot.get("thread"):
            await self._sync_members(live, slot_name, op["members"])
            payload = message_payload(op, nonce)
            message_id = await self._posted_before_crash(live, slot["thread"], payload, row_of(nonce))
            if message_id is None:
                message_id = await self.transport.post(slot["thread"], payload)
                self._posted_now(live, message_id)
            return {"message": message_id, "channel": slot["thread"]}
        # no private thread allowed: relay to each member by DM (their replies are relayed too, see relay())
        if slot.get("members") != list(op["members"]):
            live.row.slots = {**live.row.slots, slot_name: {**slot, "members": list(op["members"])}}
        sent = []
        for member in op["members"]:
            text = f"[{op.get('name', op['team'])}] {op['content']}"
            result = await self._post_dm(live, {**op, "to": "dm", "user": member, "content": text}, None, row_of(nonce))
            sent.append(result)
        return {"relayed": sent}

    async def relay(self, live: Live, author: str, text: str) -> bool:
        """A team member wrote to the bot by DM while their team has no private thread: pass it on to the
        others. Returns whether ``author`` belonged to such a team."""
        for slot_name, slot in live.row.slots.items():
            if slot_name.startswith("team:") and slot.get("thread") is None and author in slot.get("members", []):
                name = live.row.names.get(author, author)
                for member in slot["members"]:
                    if member != author:
                        await self.send_now(live, {"do": "post", "to": "dm", "user": member, "content": f"[{slot_name[5:]}] **{name}**: {text}", "fallback": ""})
                return True
        return False

    async def _make_team_thread(self, live: Live, op: Op) -> dict[str, Any]:
        """A team's private thread; one made just before a crash (not recorded) is found by its name, which holds
        the game id, instead of being made twice."""
        slot_name = f"team:{op['team']}"
        name = f"{op.get('name', op['team'])} #{live.id}"
        try:
            thread = await self.transport.find_thread(live.row.guild_id, live.row.channel_id, name)
            if thread is None:
                thread = await self.transport.create_thread(live.row.channel_id, name, message_id=None, private=True)
            slot: dict[str, Any] = {"thread": thread, "members": []}
        except DeliveryError as exc:
            if exc.kind not in ("forbidden", "not_found"):
                raise
            slot = {"thread": None, "members": []}
        live.row.slots = {**live.row.slots, slot_name: slot}
        return slot

    async def _sync_members(self, live: Live, slot_name: str, members: list[str]) -> None:
        slot = live.row.slots[slot_name]
        current = set(slot.get("members", []))
        wanted = set(members)
        for user in sorted(wanted - current):
            await self.transport.thread_member(slot["thread"], int(user), True)
        for user in sorted(current - wanted):
            await self.transport.thread_member(slot["thread"], int(user), False)
        if current != wanted:
            live.row.slots = {**live.row.slots, slot_name: {**slot, "members": sorted(wanted)}}

    async def _team_sync(self, live: Live, op: Op) -> dict[str, Any]:
        slot_name = f"team:{op['team']}"
        if live.row.slots.get(slot_name, {}).get("thread"):
            await self._sync_members(live, slot_name, op["members"])
        return {"members": op["members"]}

    if TYPE_CHECKING:  # the executors' (bot.executors.Executors)

        async def send_now(self, live: Live, op: Op, seq: int | None = None) -> bool: ...
