"""Night Watch on Discord: the day in the game thread, the night by DM, the Watch in its private thread.

* Discussion: one public message with a "Ready to vote" button and the ready count, edited in place (NW-9).
* Vote: one public message with the live tally (NW-10) and a select of the living players: a vote is one click,
  answered by that message rewritten with the new tally; a vote for yourself is refused with the engine's reason.
* Night: every living player gets the same kind of DM (NW-12) — power holders their tasks, everyone else a
  "sleep" note — so neither the presence nor the timing of a message tells who acts at night; a player whose DMs
  are closed is not named in public at night. Check results come in the answer to the click (NW-14, NW-17); the
  Watch's proposals go to its private thread (NW-13), which holds exactly the living Watch (NW-20).
* The end: the full reveal of roles, nights, votes and seed (NW-23).

Everything here reads :meth:`bot.presenter.Table.view`, never the state's fields.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from bot import controls as ctl
from bot.ops import PRIMARY, Op, button, forget, post, rows, select
from bot.presenter import Presenter, Table, chunks, dm_slot, prompt_slot
from engines.core import NARRATOR, Action, Event, Prompt, State


class NightWatchPresenter(Presenter):
    def open_prompt(self, table: Table, state: State, prompt: Prompt) -> list[Op]:
        if prompt.key == "nw.discussion":
            return [self._discussion(table, state, prompt)]
        if prompt.key == "nw.vote":
            return [self._vote(table, state, prompt)]
        return self._night(table, state, prompt)

    def prompt_messages(self, table: Table, state: State, prompt: Prompt, seats: Collection[str] | None = None) -> list[Op]:
        """A night's DMs of ``seats`` alone: an answer changes one or two seats' choices, and a 25-player night
        built every living player's DM twice to find them (NW-12; the refresh after each night action)."""
        if prompt.key == "nw.night" and seats is not None:
            return self._night(table, state, prompt, seats)
        return self.open_prompt(table, state, prompt)

    def may_rewrite_alone(self, before: State | None, after: State) -> bool:
        """A step that closes a prompt takes its message's controls off and forgets it (:meth:`close_prompt`, from
        the base one): never a rewrite of one message alone. So a vote that closes the day is answered before the
        coming night is worded (every living player's DM), not after."""
        return before is None or {p.id for p in before.prompts} <= {p.id for p in after.prompts}

    def event_ops(self, table: Table, state: State, event: Event) -> list[Op] | None:
        prompt = state.prompts[0] if state.prompts else None
        if event.key == "nw.ready":  # the count is part of the discussion message; once it closed, it is moot
            return [self._discussion(table, state, prompt)] if prompt and prompt.key == "nw.discussion" else []
        if event.key == "nw.vote_cast":
            if prompt and prompt.key == "nw.vote":
                return [self._vote(table, state, prompt)]
            return []  # the last vote closed the poll: the result follows
        if event.key in ("nw.discussion_opened", "nw.vote_opened"):
            return []  # the prompt's own message says it, with its button
        if event.key == "nw.game_started":
            roles = ", ".join(f"{table.t('nw.role.' + role)} × {n}" for role, n in sorted(event.params["roles"].items()))
            return [post("game", table.t("nw.game_started", players_count=len(event.params["players"]), roles=roles))]
        if event.key == "nw.game_over":
            return [post("game", text) for text in chunks(self.reveal_lines(table, event))]
        return None

    def present(self, table: Table, before: State | None, after: State, events, actor: str | None = None) -> list[Op]:
        ops = super().present(table, before, after, events, actor)
        if before is not None:
            was, now = table.view(before, NARRATOR), table.view(after, NARRATOR)
            living_watch = [p for p in now["alive"] if p in now["watch"]]
            if [p for p in was["alive"] if p in was["watch"]] != living_watch:  # NW-20: the dead leave the Watch
                ops.append({"do": "team_sync", "team": "watch", "members": living_watch + ([table.narrator] if table.narrator else [])})
            # NW-20: the eliminated can no longer talk in the game thread (where the bot may manage roles)
            role_name = table.t("common.muted_role", id=str(table.game_id))
            ops += [{"do": "mute", "user": p, "role_name": role_name} for p in was["alive"] if p not in now["alive"]]
        return ops

    def event_text(self, table: Table, state: State, event: Event) -> str:
        if event.key == "nw.jailed":  # worded the default way: one post with the revealed role and nightfall
            return self._verdict(table, state, event)
        if event.key == "nw.dawn" and event.params["day"] == 1:  # NW-6: after the introduction night nobody can die
            return table.t("nw.dawn_first", day=1)
        if event.key == "nw.your_role":  # NW-5: what the role does, how its side wins (NW-21), what comes next
            role = event.params["role"]
            lines = [table.say(event), table.t(f"nw.role-story.{role}"), table.t(f"nw.role-help.{role}"), table.t(f"nw.role-goal.{role}"), table.t("nw.what_next")]
            return "\n".join(lines)
        return super().event_text(table, state, event)

    def close_prompt(self, table: Table, state: State, prompt: Prompt) -> list[Op]:
        ops = super().close_prompt(table, state, prompt)
        if prompt.key == "nw.night":  # the sleep notes have no controls to take off: only forgotten, no call
            view = table.view(state, None)
            ops += [forget(dm_slot(prompt, p)) for p in view["players"] if p not in prompt.players]
        return ops

    # -- the three prompts ---------------------------------------------------------------------------------

    def _discussion(self, table: Table, state: State, prompt: Prompt) -> Op:
        view = table.view(state, None)  # the rules (how many must be ready) stay in the engine
        lines = [
            table.t("nw.discussion_opened", day=view["day"], needed=view["ready_needed"]),
            table.t("nw.ready", count=view["ready"], needed=view["ready_needed"]),
            table.deadline(prompt),
        ]
        ready = button(table.t("nw.button.ready"), ctl.action_id(table.game_id, prompt.id, Action("", prompt.id, "ready")), PRIMARY)
        return post("game", "\n".join(filter(None, lines)), components=rows(ready), slot=prompt_slot(prompt))

    def _vote(self, table: Table, state: State, prompt: Prompt) -> Op:
        view = table.view(state, None)  # the public tally (NW-10)
        tally, votes = view["tally"], view["votes"]
        lines = [table.t("nw.vote_opened", day=view["day"])]
        for player in sorted(tally, key=lambda p: (-tally[p], view["players"].index(p))):
            voters = ", ".join(table.name(v) for v, t in votes.items() if t == player)
            lines.append(f"**{table.name(player)}** — {tally[player]} ({voters})")
        lines.append(table.t("nw.voted", count=len(votes), total=len(view["alive"])))
        lines.append(table.deadline(prompt))
        # one select of every living player (at most 25, NW-1): a vote is one click, answered with this message
        # rewritten (the tally is public anyway, NW-10); choosing yourself is refused with the engine's reason
        targets = [(table.name(p), ctl.encode("vote", {"target": p})) for p in view["alive"]]
        vote = select(ctl.select_id(table.game_id, prompt.id, 0), targets, placeholder=f"🗳️ {table.t('nw.button.vote')}")
        return post("game", "\n".join(filter(None, lines)), components=rows(vote), slot=prompt_slot(prompt))

    def _verdict(self, table: Table, state: State, event: Event) -> str:
        """NW-10, NW-11: the closed vote's final tally with every vote (the deciding one too), whether it was a
        tie and how the tie was broken, and who is jailed."""
        view = table.view(state, None)
        votes = view["vote_history"][-1]["votes"] if view["vote_history"] else {}
        tally: dict[str, int] = event.params["tally"]
        lines = [table.t("nw.vote_closed")]
        for player in sorted(tally, key=lambda p: (-tally[p], view["players"].index(p))):
            voters = ", ".join(table.name(v) for v, t in votes.items() if t == player)
            lines.append(f"**{table.name(player)}** — {tally[player]} ({voters})")
        tied = event.params.get("tied") or []
        if len(tied) > 1:
            lines.append(table.t("nw.vote_tie", players=", ".join(table.name(p) for p in tied), votes=tally[tied[0]], player=table.name(event.params["player"])))
        lines.append(table.say(event))
        return "\n".join(lines)

    def _night(self, table: Table, state: State, prompt: Prompt, seats: Collection[str] | None = None) -> list[Op]:
        """NW-12: one DM for every living player (or those of ``seats``), alike in presence and timing; quiet (no
        public notice when DMs are closed: it would name who has a power)."""
        ops = []
        night = table.view(state, None)
        for player in night["alive"]:
            if seats is not None and player not in seats:
                continue
            view = table.view(state, player)
            components = self.components(table, state, player, prompt) if player in prompt.players else []
            if components:  # a night task: the narrator wakes the role and says what to do (the seed's order of calls)
                lines = [table.header(), table.t(f"nw.wake.{view['role']}", night=view["day"])]
            else:  # no task tonight: the same DM at the same moment, which asks for nothing
                lines = [table.header(), table.t("nw.prompt.sleep", night=view["day"])]
            lines.append(table.deadline(prompt))
            extra: dict[str, Any] = {"components": components} if components else {}
            ops.append(self.dm(table, player, "\n".join(filter(None, lines)), quiet=True, slot=dm_slot(prompt, player), **extra))
        return ops

    def ack_text(self, table: Table, action: Action) -> str:
        if action.kind == "skip" and action.args.get("task"):  # "✅ Save: nobody tonight", not "Skip: Save"
            return table.t("nw.ack.skip", task=table.t(f"nw.task.{action.args['task']}"))
        if action.kind in ("kill", "check", "shoot", "save") and action.args.get("target"):  # the same noun as a skip's
            return table.t("nw.ack.task", task=table.t(f"nw.task.{action.kind}"), target=table.name(str(action.args["target"])))
        return super().ack_text(table, action)

    # -- texts ---------------------------------------------------------------------------------------------

    def private_text(self, table: Table, state: State, player: str) -> str:
        view = table.view(state, player)
        if "role" not in view:
            return self.status_text(table, state)
        lines = [
            table.t("nw.your_role", role=table.t(f"nw.role.{view['role']}")),
            table.t(f"nw.role-help.{view['role']}"),
            table.t(f"nw.role-goal.{view['role']}"),  # how that side wins (NW-21)
        ]
        if "watch" in view:
            lines.append(table.t("nw.watch_introduced", members=", ".join(table.name(p) for p in view["watch"])))
        for check in view.get("checks", []):
            key = "nw.check_watch" if view["role"] == "garibaldi" else "nw.check_security"
            lines.append(table.t(key, target=table.name(check["target"]), result="yes" if check["result"] else "no"))
        if player not in view["alive"]:
            lines.append(table.t("nw.you_are_out"))
        elif view["day"] <= 1:
            lines.append(table.t("nw.what_next"))  # the first day: how a day and a night go
        return "\n".join(lines)

    def narrator_text(self, table: Table, state: State) -> str:
        """NW-25: every role, and tonight's answers so far."""
        view = table.view(state, NARRATOR)
        lines = [self.status_text(table, state)]
        lines += [f"{table.name(p)}: {table.t('nw.role.' + view['roles'][p])}" for p in view["players"]]
        for player, answers in view["night_answers"].items():
            for task, target in answers.items():
                lines.append(f"🌙 {table.name(player)} — {table.t('nw.task.' + task)}: {table.name(target) if target else '—'}")
        return "\n".join(lines)

    def status_text(self, table: Table, state: State) -> str:
        view = table.view(state, None)
        alive = ", ".join(table.name(p) for p in view["alive"])
        out = ", ".join(
            f"{table.name(p)}" + (f" ({table.t('nw.role.' + view['revealed_roles'][p])})" if p in view["revealed_roles"] else "")
            for p in view["dead"]
        )
        return table.t("nw.status", day=view["day"], phase=table.t(f"nw.phase.{view['phase']}"), alive=alive, out=out or "—")

    def reveal_lines(self, table: Table, event: Event) -> list[str]:
        """NW-23: the outcome, every role, every night's actions, the votes and the seed."""
        p = event.params
        lines = [table.say(event), f"*{table.t('nw.ending.' + p['outcome'])}*", f"**{table.t('nw.reveal.title')}**"]
        lines += [f"{table.name(player)}: {table.t('nw.role.' + role)}" for player, role in p["roles"].items()]
        for night in p["nights"]:
            actions = "; ".join(
                table.t(
                    "nw.reveal.action" if a["target"] else "nw.reveal.skipped",
                    player=table.name(a["player"]),
                    role=table.t("nw.role." + a["role"]),
                    task=table.t("nw.task." + a["task"]),
                    target=table.name(a["target"]) if a["target"] else "",
                )
                for a in night["actions"]
            )
            lines.append(table.t("nw.reveal.night", night=night["night"], actions=actions or "—"))
        for vote in p["votes"]:
            votes = ", ".join(f"{table.name(v)}→{table.name(t)}" for v, t in vote["votes"].items()) or "—"
            jailed = table.name(vote["jailed"]) if vote["jailed"] else "—"
            lines.append(table.t("nw.reveal.vote", day=vote["day"], votes=votes, jailed=jailed))
        lines.append(table.t("nw.reveal.seed", seed=p["seed"]))
        return lines


__all__ = ["NightWatchPresenter"]
