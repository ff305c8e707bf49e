"""Night Watch on Discord: how its phases look. The rules are in engines/night_watch; the plumbing in bot/.

* Discussion: one public message with a "Ready to vote" button, its count edited in place (NW-9).
* Vote: one public message with a select of candidates and the live tally, edited in place (NW-10).
* Night: each living power holder gets a DM with a select per task and skip buttons (NW-12); the check results
  come back by DM at once (NW-14, NW-17); the Watch's proposals go to its private thread (NW-13).
* The end: the full reveal of roles, nights, votes and seed (NW-23).
"""

from __future__ import annotations

from typing import Any

from discord.ext import commands

from bot.ops import PRIMARY, Op, button, post, rows, select
from bot.presenter import Presenter, Table, action_custom_id, chunks, prompt_slot, register, select_custom_id
from engines.core import Event, Prompt, State
from engines.night_watch.roles import NIGHT_WATCH, TASKS


class NightWatchPresenter(Presenter):
    engine_name = "night_watch"

    def open_prompt(self, table: Table, state: State, prompt: Prompt) -> list[Op]:
        if prompt.key == "nw.discussion":
            return [self._discussion(table, state, prompt)]
        if prompt.key == "nw.vote":
            return [self._vote(table, state, prompt)]
        return self._night(table, state, prompt)

    def event_ops(self, table: Table, state: State, event: Event) -> list[Op] | None:
        prompt = state.prompts[0] if state.prompts else None
        if event.key == "nw.ready":  # the count is part of the discussion message; once it closed, it is moot
            return [self._discussion(table, state, prompt)] if prompt and prompt.key == "nw.discussion" else []
        if event.key == "nw.vote_cast":
            if prompt and prompt.key == "nw.vote":
                return [self._vote(table, state, prompt)]
            return []  # the last vote closed the poll: the result follows
        if event.key in ("nw.discussion_opened", "nw.vote_opened"):
            return []  # the prompt's own message says it, with its button or select
        if event.key == "nw.game_started":
            counts = ", ".join(f"{table.t('nw.role.' + role)} × {n}" for role, n in sorted(event.params["counts"].items()))
            return [post("game", table.t("nw.game_started", players_count=len(event.params["players"]), counts=counts))]
        if event.key == "nw.game_over":
            return [post("game", text) for text in chunks(self.reveal_lines(table, event))]
        return None

    def present(self, table: Table, before: State | None, after: State, events, actor: str | None = None) -> list[Op]:
        ops = super().present(table, before, after, events, actor)
        if before is not None:  # NW-20: an eliminated Watch member leaves the Watch thread at once
            was, now = _living_watch(before), _living_watch(after)
            if was != now:
                members = now + ([table.narrator] if table.narrator else [])
                ops.append({"do": "team_sync", "team": "watch", "members": members})
            # NW-20: the eliminated can no longer talk in the game thread (where the bot may manage roles)
            role_name = table.t("common.muted_role", id=str(table.game_id))
            ops += [{"do": "mute", "user": p, "role_name": role_name} for p in before.alive if p not in after.alive]
            if after.outcome is not None:
                ops.append({"do": "unmute_all"})
        return ops

    # -- the three prompts ---------------------------------------------------------------------------------

    def _discussion(self, table: Table, state: Any, prompt: Prompt) -> Op:
        view = table.engine.view(state, None)  # the rules (how many must be ready) stay in the engine
        text = table.t("nw.discussion_opened", day=view["day"], needed=view["ready_needed"])
        text += "\n" + table.t("nw.ready", count=view["ready"], needed=view["ready_needed"])
        ready = button(table.t("nw.button.ready"), action_custom_id(table.game_id, prompt.id, "ready"), PRIMARY)
        return post("game", text, components=rows(ready), slot=prompt_slot(prompt))

    def _vote(self, table: Table, state: Any, prompt: Prompt) -> Op:
        view = table.engine.view(state, None)  # the public tally (NW-10)
        tally, votes = view["tally"], view["votes"]
        lines = [table.t("nw.vote_opened", day=view["day"])]
        for player in sorted(tally, key=lambda p: (-tally[p], view["players"].index(p))):
            voters = ", ".join(table.name(v) for v, t in votes.items() if t == player)
            lines.append(f"**{table.name(player)}** — {tally[player]} ({voters})")
        lines.append(table.t("nw.voted", count=len(votes), total=len(view["alive"])))
        options = [(table.name(p), p) for p in view["alive"]]
        choose = select(select_custom_id(table.game_id, prompt.id, "vote", "target"), options, table.t("nw.placeholder.target"))
        return post("game", "\n".join(lines), components=rows(choose), slot=prompt_slot(prompt))

    def _night(self, table: Table, state: Any, prompt: Prompt) -> list[Op]:
        ops = []
        for player in prompt.players:
            role = state.roles[player]
            lines = [table.header(), table.t("nw.prompt.night", night=state.day), table.t(f"nw.role-help.{role}")]
            components = rows(*self.controls(table, table.engine.legal_actions(state, player)))
            ops.append(self.dm(table, player, "\n".join(lines), components=components))
        return ops

    def controls(self, table: Table, actions) -> list[dict[str, Any]]:
        """Night tasks: one select of targets per task, then a skip button per task."""
        items, skips = [], []
        by_task: dict[str, list] = {}
        for action in actions:
            if action.kind == "skip":
                cid = action_custom_id(table.game_id, action.prompt, "skip", "task", action.args["task"])
                label = f"{table.t('nw.button.skip')}: {table.t('nw.task.' + action.args['task'])}"
                skips.append(button(label, cid))
            elif action.kind in ("kill", "check", "shoot", "save"):
                by_task.setdefault(action.kind, []).append(action)
        for task, group in by_task.items():
            options = [(table.name(a.args["target"]), a.args["target"]) for a in group]
            cid = select_custom_id(table.game_id, group[0].prompt, task, "target")
            items.append(select(cid, options, table.t("nw.task." + task)))
        if items or skips:
            return items + skips
        return super().controls(table, actions)

    # -- texts ---------------------------------------------------------------------------------------------

    def private_text(self, table: Table, state: Any, player: str) -> str:
        view = table.engine.view(state, player)
        if "role" not in view:
            return self.status_text(table, state)
        lines = [table.t("nw.your_role", role=table.t(f"nw.role.{view['role']}")), table.t(f"nw.role-help.{view['role']}")]
        if "watch" in view:
            lines.append(table.t("nw.watch_introduced", members=", ".join(table.name(p) for p in view["watch"])))
        for check in view.get("checks", []):
            key = "nw.check_watch" if view["role"] == "garibaldi" else "nw.check_security"
            lines.append(table.t(key, target=table.name(check["target"]), result="yes" if check["result"] else "no"))
        if player not in state.alive:
            lines.append(table.t("nw.you_are_out"))
        return "\n".join(lines)

    def narrator_text(self, table: Table, state: Any) -> str:
        """NW-25: every role, and tonight's answers so far."""
        lines = [self.status_text(table, state)]
        lines += [f"{table.name(p)}: {table.t('nw.role.' + state.roles[p])}" for p in state.players]
        for player, answers in state.night_answers.items():
            for task, target in answers.items():
                lines.append(f"🌙 {table.name(player)} — {table.t('nw.task.' + task)}: {table.name(target) if target else '—'}")
        return "\n".join(lines)

    def status_text(self, table: Table, state: Any) -> str:
        view = table.engine.view(state, None)
        alive = ", ".join(table.name(p) for p in view["alive"])
        out = ", ".join(
            f"{table.name(p)}" + (f" ({table.t('nw.role.' + view['revealed_roles'][p])})" if p in view["revealed_roles"] else "")
            for p in view["dead"]
        )
        return table.t("nw.status", day=view["day"], phase=table.t(f"nw.phase.{view['phase']}"), alive=alive, out=out or "—")

    def reveal_lines(self, table: Table, event: Event) -> list[str]:
        """NW-23: the outcome, every role, every night's actions, the votes and the seed."""
        p = event.params
        lines = [table.say(event), f"**{table.t('nw.reveal.title')}**"]
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


def _living_watch(state: Any) -> list[str]:
    return [p for p in state.alive if state.roles[p] in NIGHT_WATCH]


PRESENTER = register(NightWatchPresenter())

__all__ = ["PRESENTER", "NightWatchPresenter", "TASKS"]


async def setup(bot: commands.Bot) -> None:
    """Nothing to add to the bot: importing the module registers the presenter."""
