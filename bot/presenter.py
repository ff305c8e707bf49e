"""From engine events and views to outbox ops: what each player and the channel see.

A :class:`Presenter` turns one transition (state before, state after, events) into :mod:`bot.ops`. It words
events and renders what :meth:`Table.view` shows each viewer — never the state's own fields, which hold every
secret (a test checks that no presenter reads them). The default does what every game needs:

* all public events of a transition become **one** message in the game channel (fewer calls, no flood);
* private events become one DM per player, headed with the server and game they belong to;
* team events go to the team's private thread; the narrator (if any) gets a copy of everything private;
* each newly opened prompt is offered to its players by DM with controls built from their legal actions
  (:mod:`bot.controls`), stating its deadline as a Discord timestamp that counts down by itself; when the prompt
  closes, those messages lose their controls; warnings before the end edit the same messages;
* a game with a board image gets one public ``board`` message, rewritten when the public view changes; the public
  lines of a step go on it, above its caption (the board carries the story: one call a step, and the board stays
  the thread's last message), a chapter of a few turns a message.

Each game's presenter lives in its package ``cogs/<game>/`` and overrides the hooks it needs.
:func:`present_safely` is what the runtime calls: a presenter that raises never stalls a game.
"""

from __future__ import annotations

import json
import logging
from collections import defaultdict
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import translations as i18n
from bot import controls as ctl
from bot.downtime import GRACE_SECONDS
from bot.games import game_ui
from bot.ops import MAX_CONTENT, Op, post
from engines.core import CLOCK, HOST, Action, Engine, Event, Prompt, State

log = logging.getLogger(__name__)

#: The most a board's message holds of the game's story (its lines and its caption, in characters): a chapter fuller
#: than this is closed and the next step's lines open a new one below (:mod:`bot.executors`); under Discord's 2,000.
STORY_ROOM = 1800
#: ... or the most lines a chapter holds, so the board's message stays a few turns tall on a phone.
STORY_LINES = 20


class StateMemo:
    """What a game's newest states answer, asked of the engine once: each player's legal actions and each viewer's
    view. A click's decoding, its answer and the wording of its step ask for the same ones: the wording of a step
    asks every player's, in the state before it and after it, and the next step's wording asks the state it starts
    from again (more than half of the views a step's wording asks for were asked already, issue 27; Ghost at
    Home's legal actions are a walk over the board). Engines are pure and a state is never changed once made, so an
    answer holds as long as its state, which is told by identity; the newest :attr:`KEEP` states asked about are
    kept.

    Each caller of :meth:`legal` gets a list of its own. A view is shared by everyone who asks for the same state
    and viewer: it is read, never changed (with :attr:`CHECK` set, as the tests set it, a view handed out again is
    first compared with a fresh one, so a caller that changed it fails loudly)."""

    __slots__ = ("_states",)

    #: States kept: the one before a step and the one after it, and the next.
    KEEP = 3
    #: Check every view handed out again against the engine's own (the tests set this; see above).
    CHECK = False

    def __init__(self) -> None:
        #: ``(state, legal actions by player, views by viewer)``, oldest first.
        self._states: list[tuple[State, dict[str, list[Action]], dict[str | None, dict[str, Any]]]] = []

    def _kept(self, state: State) -> tuple[State, dict[str, list[Action]], dict[str | None, dict[str, Any]]]:
        for kept in self._states:
            if kept[0] is state:
                return kept
        kept = (state, {}, {})
        self._states.append(kept)
        if len(self._states) > self.KEEP:
            del self._states[0]
        return kept

    def legal(self, engine: Engine, state: State, player: str) -> list[Action]:
        answers = self._kept(state)[1]
        actions = answers.get(player)
        if actions is None:
            actions = answers[player] = engine.legal_actions(state, player)
        return list(actions)

    def view(self, engine: Engine, state: State, viewer: str | None) -> dict[str, Any]:
        views = self._kept(state)[2]
        seen = views.get(viewer)
        if seen is None:
            if viewer is None:
                seen = views[None] = engine.view(state, None)
            else:  # the public view is asked for by every step's wording: a player's may be built on it
                public = views.get(None)
                if public is None:
                    public = views[None] = engine.view(state, None)
                seen = views[viewer] = engine.view(state, viewer, public=public)
        elif self.CHECK and seen != engine.view(state, viewer):
            raise AssertionError(f"a shared view (step {state.step}, viewer {viewer!r}) was changed by one who read it")
        return seen

    def settle(self, state: State | None) -> None:
        """Forget the answers of every state but ``state``, the game's current one, once its steps are worded:
        the older ones are asked about again only by a wording that lags behind, and until the game's next step
        they would be kept alive for nothing, objects the collector walks at each full collection (issue 27)."""
        self._states = [kept for kept in self._states if kept[0] is state]


@dataclass
class Table:
    """What a presenter needs to word a game: its id, language, names, where it is and its deadlines."""

    game_id: int
    engine: Engine
    lang: str
    names: dict[str, str]
    guild_name: str = ""
    narrator: str | None = None
    #: Who answers the game's host-only prompts (``HOST`` in the engine): the host's user id.
    host: str | None = None
    #: When each open timed prompt runs out (unix seconds).
    deadlines: dict[str, float] = field(default_factory=dict)
    #: The game's legal actions and views asked already (its :class:`bot.live.LiveGame`'s), or ``None``: ask the engine.
    memo: StateMemo | None = field(default=None, repr=False, compare=False)

    @property
    def prefix(self) -> str:
        return self.engine.prefix

    def t(self, key: str, **args: Any) -> str:
        return i18n.translate(self.lang, key, **args)

    def has(self, key: str) -> bool:
        return i18n.has(self.lang, key)

    def say(self, event: Event) -> str:
        return i18n.render_event(self.lang, event.key, event.params, self.names)

    def name(self, player: str) -> str:
        return self.names.get(player, player)

    def view(self, state: State, viewer: str | None) -> dict[str, Any]:
        """What ``viewer`` may see (``None``: anyone) — the only window a presenter has on a game. Read it, never
        change it: it may be shared with the game's other readers (:class:`StateMemo`)."""
        if self.memo is not None:
            return self.memo.view(self.engine, state, viewer)
        return self.engine.view(state, viewer)

    def legal(self, state: State, player: str) -> list[Action]:
        if self.memo is not None:
            return self.memo.legal(self.engine, state, player)
        return self.engine.legal_actions(state, player)

    def header(self) -> str:
        """Every private message says which server and game it belongs to."""
        return self.t("common.dm_header", game=self.t(f"{self.prefix}.name"), server=self.guild_name, id=str(self.game_id))

    def deadline(self, prompt: Prompt) -> str:
        """``⏳ ends in 2 minutes`` as a Discord timestamp (each client counts it down), or ``""``."""
        due = self.deadlines.get(prompt.id)
        return f"⏳ {self.t('common.deadline', when=f'<t:{int(due)}:R>')}" if due else ""


@dataclass(frozen=True)
class Typed:
    """What a message a player typed in the game's channel is, as the game's presenter reads it (with the Message
    Content intent, see :mod:`bot.typed`): the action it is, and whether the bot deletes it.

    * ``action``: applied like a click (refused silently: the channel is not answered);
    * ``delete``: the message is deleted whatever the engine makes of it: in the action's own transaction when the
      action is taken, at once when there is no action or it is refused;
    * ``delete_on``: or only when the taken action's events include one of these keys (a clue that cost a penalty).
    """

    action: Action | None = None
    delete: bool = False
    delete_on: frozenset[str] = frozenset()


class Presenter:
    """The default presentation of any game; see the module docstring."""

    #: The game has a board image (its renderer is registered with its :class:`bot.games.GameUI`).
    has_board: bool = False
    #: Every prompted player gets the prompt's DM, even one with no control in it (:meth:`prompt_dms`): a DM whose
    #: presence would otherwise tell the others what its player holds.
    dm_without_controls: bool = False

    def warm(self, options: Mapping[str, Any]) -> None:
        """Load ahead what wording or reading a game with these options will need and what would be loaded on the
        event loop by its first words otherwise (a table that takes a tenth of a second): called in a thread when
        its lobby opens, and at a restart before anyone is served (:mod:`bot.recovery`). Nothing, by default."""

    def present(
        self, table: Table, before: State | None, after: State, events: Sequence[Event], actor: str | None = None
    ) -> list[Op]:
        """The ops for one transition. Events meant only for ``actor`` (a check result) are left out: the bot
        shows them in its answer to that player's click (see :meth:`answer_lines`), which saves a DM."""
        ops: list[Op] = []
        for prompt in self.closed_prompts(before, after):  # closed prompts lose their controls first
            ops += self.close_prompt(table, after, prompt)
        public: list[str] = []
        private: dict[str, list[str]] = defaultdict(list)
        for event in events:
            handled = self.event_ops(table, after, event)
            if handled is not None:
                if handled and public:  # keep the order of events: what came before is told first
                    # on the board, when the game has one (the board's op that follows is then the same: no call)
                    told = self.story_ops(table, before, after, public) if self.has_board else []
                    ops += told or [post("game", chunk) for chunk in chunks(public)]
                    public = []
                ops += handled
                continue
            text = self.event_text(table, after, event)
            if actor is not None and _only_for(event, actor):
                if table.narrator:
                    private[table.narrator].append(f"[{table.name(actor)}] {text}")
                continue
            if event.audience.kind == "public":
                public.append(text)
            elif event.audience.kind == "players":
                for player in event.audience.players:
                    private[table.host if player == HOST and table.host else player].append(text)
            else:
                ops.append(self.team_post(table, event.audience.team or "", event.audience.players, text))
            if table.narrator and event.audience.kind != "public":
                who = ", ".join(table.name(p) for p in event.audience.players) or event.audience.team
                private[table.narrator].append(f"[{who}] {text}")
        public_prompt_ops: list[Op] = []
        for prompt in self.opened_prompts(before, after):
            public_prompt_ops += self.open_prompt(table, after, prompt)
        # one public message for the transition: its events, then the first public prompt (with its controls); in a
        # game with a board and no public prompt, the board's message itself (the board carries the story)
        story: list[str] = []
        if public:
            first = next((o for o in public_prompt_ops if o.get("to") == "game" and "slot" in o), None)
            preamble = "\n".join(public)
            if first is not None and len(preamble) + 1 + len(first["content"]) <= MAX_CONTENT:
                first["preamble"] = preamble  # kept above the prompt's text when the prompt is edited later
            elif self.has_board and not any(o.get("to") in ("game", "channel") for o in public_prompt_ops):
                story = public
            else:
                ops += [post("game", chunk) for chunk in chunks(public)]
        for player, texts in private.items():
            ops += [self.dm(table, player, chunk) for chunk in chunks([table.header(), *texts])]
        ops += public_prompt_ops
        ops += self.story_ops(table, before, after, story)
        ops += self.refresh_ops(table, before, after)
        return ops

    # -- hooks ---------------------------------------------------------------------------------------------

    def may_rewrite_alone(self, before: State | None, after: State) -> bool:
        """Could this transition's ops be only rewrites of one message (what a click's answer may carry,
        :meth:`bot.answers.Answers.take_rewrites`)? ``False`` only when it surely cannot: the click is then
        answered before its step is worded (the whole coming night, for a vote that closes the day), and the step
        is worded after it, for delivery. By default ``True``: word it and see."""
        return True

    def event_ops(self, table: Table, state: State, event: Event) -> list[Op] | None:
        """Present one event specially (return ops), or ``None`` for the default wording and routing."""
        return None

    def event_text(self, table: Table, state: State, event: Event) -> str:
        """The words of an event routed the default way (to its audience): by default its catalogue message."""
        return table.say(event)

    def open_prompt(self, table: Table, state: State, prompt: Prompt) -> list[Op]:
        """Offer a new prompt: by default a DM to each prompted player with their controls (:meth:`prompt_dms`)."""
        return self.prompt_dms(table, state, prompt, prompt.players)

    def prompt_dms(self, table: Table, state: State, prompt: Prompt, players: Sequence[str]) -> list[Op]:
        """The DM offering ``prompt`` to each of ``players``: what is asked, their controls and the deadline. A
        player with no control gets none, unless :attr:`dm_without_controls`."""
        ops = []
        for player in players:
            person = table.host if player == HOST and table.host else player
            components = self.components(table, state, player, prompt)
            if components or self.dm_without_controls:
                text = "\n".join(filter(None, [table.header(), self.prompt_text(table, state, prompt, player), table.deadline(prompt)]))
                ops.append(self.dm(table, person, text, components=components, slot=dm_slot(prompt, person)))
        return ops

    def prompt_messages(self, table: Table, state: State, prompt: Prompt, seats: Collection[str] | None = None) -> list[Op]:
        """The messages that offer ``prompt`` in ``state``, as :meth:`open_prompt` sends them (a game that offers it
        in more messages adds them): what :meth:`refresh_ops` compares. ``seats``: only these seats' private
        messages are asked for (those whose choices changed); a game may build just those, or all of them."""
        return self.open_prompt(table, state, prompt)

    def refresh_ops(self, table: Table, before: State | None, after: State) -> list[Op]:
        """A prompt still open whose controls changed for someone (their own answer took a choice off, a player
        left and is no target any more, a trap was sprung): each private message of it whose controls differ is
        rewritten with those of now, so no control stays that the engine would refuse (issue 28). A message its
        player is done with (its answer written in it) is left alone (``unless_bare``); one with nothing left
        loses its controls. The thread's messages of a prompt are the game's to keep (a live tally, a clue turn),
        each as its events say."""
        if before is None:
            return []
        was_open = {p.id: p for p in before.prompts}
        ops: list[Op] = []
        for prompt in after.prompts:
            changed = self._changed_seats(table, before, after, prompt.id) if prompt.id in was_open else None
            if not changed:
                continue
            # the seats whose choices changed are those whose controls can need a rewrite (bot.controls makes them
            # from a seat's choices): a game may build only their messages, as Night Watch's night does (a 25-player
            # night built every DM twice for one answer)
            was = {op["slot"]: op for op in self.prompt_messages(table, before, was_open[prompt.id], changed) if _private(op)}
            now = {op["slot"]: op for op in self.prompt_messages(table, after, prompt, changed) if _private(op)}
            for slot in dict.fromkeys([*was, *now]):
                components = (now.get(slot) or {}).get("components") or []
                if ((was.get(slot) or {}).get("components") or []) == components:
                    continue
                user = str((now.get(slot) or was[slot]).get("user"))
                seat = HOST if HOST in prompt.players and user not in prompt.players and user == table.host else user
                if slot in now and ctl.playable(table.legal(after, seat), prompt.id):
                    content = now[slot]["content"]
                    ops.append({"do": "edit", "to": "dm", "user": user, "slot": slot, "content": content, "components": components, "unless_bare": True})
                else:  # done with it (its answer took the controls off already, when clicked there): no call then
                    ops.append({"do": "edit", "slot": slot, "components": []})
        return ops

    @staticmethod
    def _changed_seats(table: Table, before: State, after: State, prompt_id: str) -> set[str]:
        """The seats whose choices on ``prompt_id`` changed (the cheap test before its messages are built twice)."""
        changed = set()
        for player in [*after.players, HOST]:
            was = ctl.playable(table.legal(before, player), prompt_id)
            if was != ctl.playable(table.legal(after, player), prompt_id):
                changed.add(player)
        return changed

    def close_prompt(self, table: Table, state: State, prompt: Prompt) -> list[Op]:
        """A prompt closed: its messages (public and private) lose their controls, so nothing stale looks
        clickable. Slots that were never filled are skipped by the dispatcher."""
        ops: list[Op] = [{"do": "edit", "slot": prompt_slot(prompt), "components": [], "forget": True}]
        for player in prompt.players:
            person = table.host if player == HOST and table.host else player
            ops.append({"do": "edit", "slot": dm_slot(prompt, person), "components": [], "forget": True})
        return ops

    def warn_ops(self, table: Table, state: State, prompt: Prompt, seconds_left: int) -> list[Op]:
        """The prompt's own messages, edited to say how little time is left (only its audience sees them)."""
        return self.note_ops(table, state, prompt, f"⏳ **{table.t('common.time_left', seconds=seconds_left)}**")

    def note_ops(self, table: Table, state: State, prompt: Prompt, line: str | None = None) -> list[Op]:
        """The prompt's own messages rewritten as they stand now (its deadline as ``table`` has it), with ``line``
        below: a warning, or nothing when only the deadline moved. Only the prompt's audience sees them, and a DM
        whose player is done with it (its answer written in it) is left alone (``unless_bare``)."""
        return [
            {
                "do": "edit",
                "slot": op["slot"],
                "content": f"{op['content']}\n{line}" if line else op["content"],
                "unless_bare": True,
                **({"components": op["components"]} if "components" in op else {}),
            }
            for op in self.open_prompt(table, state, prompt)
            if op.get("slot")
        ]

    def back_ops(self, table: Table, state: State, away: float, why: str) -> list[Op]:
        """The bot is back after ``away`` seconds (``why``: ``restart`` or ``gateway``), and that time was nobody's
        turn (:mod:`bot.downtime`): the thread is told so, and each open timed choice's messages are rewritten
        with the deadline it has now. Nothing here says who has a choice open."""
        text = table.t(f"common.back.{why}", away=duration(table, away), grace=int(GRACE_SECONDS))
        ops: list[Op] = [post("game", f"🔄 {text}")]
        for prompt in state.prompts:
            if prompt.id in table.deadlines:
                ops += self.note_ops(table, state, prompt)
        return ops

    def prompt_text(self, table: Table, state: State, prompt: Prompt, player: str | None) -> str:
        key = f"{prompt.key}.prompt" if table.has(f"{prompt.key}.prompt") else "common.your_move"
        return table.t(key, **{k: v for k, v in prompt.params.items() if isinstance(v, (str, int, float))})

    def status_text(self, table: Table, state: State) -> str:
        """What anyone may see of a running game (``/game status``)."""
        board = table.engine.describe(state, None)
        return f"```\n{board}\n```" if board else ""

    def private_text(self, table: Table, state: State, player: str) -> str:
        """What ``player`` may see (``/game mine``, the fallback when DMs are closed)."""
        board = table.engine.describe(state, player)
        return f"```\n{board}\n```" if board else ""

    def narrator_text(self, table: Table, state: State) -> str:
        """What the narrator sees."""
        return self.status_text(table, state)

    def answer_lines(self, table: Table, action: Action, events: Sequence[Event]) -> list[str]:
        """What the acting player learns from their own action, shown in the answer to their click."""
        return [table.say(e) for e in events if _only_for(e, action.player)]

    def ack_text(self, table: Table, action: Action) -> str:
        """The private confirmation after a player's action was accepted."""
        return "✅ " + ctl.action_label(self.labels(table), action)

    def ack_for(self, table: Table, action: Action, state: State | None) -> str:
        """The confirmation a click gets, ``state`` the game after it (``None``: not known): :meth:`ack_text`,
        unless a game words it with what its player sees (Midnight Hunt: their faction's unit names)."""
        return self.ack_text(table, action)

    def read_typed(self, table: Table, state: State, author: str, text: str) -> Typed | None:
        """A message ``author`` typed in the game's channel (only read with the Message Content intent): what it
        is. ``None`` (the default): nothing, the message is left alone; games that take words override this."""
        return None

    def read_edit(self, table: Table, state: State, author: str) -> bool:
        """A message ``author`` edited in the game's channel (only read with the Message Content intent, see
        :mod:`bot.typed`): does the bot delete it? An edit is never an action, since what the message was has been
        read and taken already. ``False`` (the default): edits are left alone."""
        return False

    def typed_notice(self, table: Table, options: dict[str, Any]) -> str | None:
        """Said once in the game's thread at its start when the bot reads typed messages: what may be typed there
        and what is deleted. ``None`` (the default): the game takes no typed words."""
        return None

    def typed_answer_ops(self, table: Table, action: Action, events: Sequence[Event]) -> list[Op]:
        """What a typed action taught its player (:meth:`answer_lines`; a click gets it in the answer, a typed
        message has nobody to answer): one private message naming the server and game, in the action's
        transaction. Quiet: closed DMs post nothing in public."""
        lines = self.answer_lines(table, action, events)
        return [self.dm(table, action.player, "\n".join([table.header(), *lines]), quiet=True)] if lines else []

    def board_caption(self, table: Table, view: dict[str, Any]) -> str:
        """The text under the board image (screen readers also get the image's description)."""
        return table.t(f"{table.prefix}.board.caption") if table.has(f"{table.prefix}.board.caption") else ""

    # -- controls ------------------------------------------------------------------------------------------

    def labels(self, table: Table) -> ctl.Labels:
        return ctl.Labels(
            kind=lambda kind: self.kind_label(table, kind),
            value=lambda arg, value: self.value_label(table, arg, value),
            more=table.t("common.more"),
            back=table.t("common.back"),
            pick=table.t("common.choose"),
            quiet=self.quiet_kinds(table),
            whole=lambda action: self.whole_label(table, action),
        )

    def whole_label(self, table: Table, action: Action | ctl.Partial) -> str | None:
        """An action's label worded whole by the game's catalogue (``<prefix>.label.<kind>.<argument>…``, e.g.
        ``nw.label.skip.task``), or ``None``: the kind and its values, as usual."""
        key = ".".join([f"{table.prefix}.label", action.kind or "", *action.args])
        return table.t(key) if table.has(key) else None

    def quiet_kinds(self, table: Table) -> frozenset[str]:
        """The kinds drawn as grey buttons in this game: the common ones and those its UI declares."""
        return ctl.QUIET_KINDS | game_ui(table.engine.name).quiet_kinds

    def components(self, table: Table, state: State, player: str, prompt: Prompt) -> list[dict[str, Any]]:
        """Controls for ``player``'s legal actions on ``prompt``."""
        return ctl.controls(table.game_id, prompt.id, table.legal(state, player), self.labels(table))

    def picker(self, table: Table, state: State, player: str, prompt_id: str, partial: ctl.Partial, page: int = 0) -> ctl.Step:
        """The next step of a multi-argument choice, for ``player`` only."""
        return ctl.picker(table.game_id, prompt_id, table.legal(state, player), partial, self.labels(table), page)

    def picker_text(self, table: Table, step: ctl.Step) -> str:
        so_far = ctl.action_label(self.labels(table), step.chosen) if step.chosen.kind else table.t("common.choose")
        return f"{so_far} …"

    def kind_label(self, table: Table, kind: str) -> str:
        for key in (f"{table.prefix}.button.{kind}", f"common.button.{kind}"):
            if table.has(key):
                return table.t(key)
        return kind.replace("_", " ").capitalize()

    def value_label(self, table: Table, arg: str, value: Any) -> str:
        if isinstance(value, bool):
            return table.t("common.on" if value else "common.off")
        text = str(value)
        if text in table.names:
            return table.names[text]
        for key in (f"{table.prefix}.{arg}.{text}", f"{table.prefix}.value.{text}"):
            if table.has(key):
                return table.t(key)
        return text

    # -- building blocks -----------------------------------------------------------------------------------

    def board_ops(self, table: Table, before: State | None, after: State) -> list[Op]:
        """The public board, re-rendered when the public view changed (the dispatcher draws it at send time)."""
        if not self.has_board:
            return []
        previous = table.view(before, None) if before is not None else None
        if previous is not None and _same(table.view(after, None), previous):
            return []
        return [self.board_op(table, before, after)]

    def board_op(self, table: Table, before: State | None, after: State) -> Op:
        """The board's message as ``after`` shows it: its caption, and its image marking what changed since
        ``before`` (``None``: nothing marked)."""
        view = table.view(after, None)
        render = {"engine": table.engine.name, "view": view, "lang": table.lang, "names": table.names}
        if before is not None:  # the picture marks what changed since (bot.render.RenderContext.before)
            render["before"] = table.view(before, None)
        return post("game", self.board_caption(table, view) or "\u200b", slot="board", render=render)

    def story_ops(self, table: Table, before: State | None, after: State, story: list[str]) -> list[Op]:
        """The board's ops with the step's public lines (``story``) on the board's message: the board carries the
        game's story, one call a step (issue 27). The dispatcher keeps a chapter of lines on one board message,
        edited step by step, and opens a new one below when it is full or has sunk (:mod:`bot.executors`). A step
        that tells something but leaves the picture as it was rewrites only the text (``keep``: no image drawn)."""
        ops = self.board_ops(table, before, after)
        if not story:
            return ops
        board = next((op for op in ops if op.get("slot") == "board" and "render" in op), None)
        if board is None:
            board = self.board_op(table, None, after)
            board["keep"] = True
            ops = [*ops, board]
        *told, last = chunks(story, max(200, STORY_ROOM - 1 - len(board["content"])))
        board["story"] = last.split("\n")
        return [post("game", chunk) for chunk in told] + ops  # more than a board's message holds: before it

    @staticmethod
    def closed_prompts(before: State | None, after: State) -> list[Prompt]:
        new = {p.id for p in after.prompts}
        return [p for p in (before.prompts if before else []) if p.id not in new]

    @staticmethod
    def opened_prompts(before: State | None, after: State) -> list[Prompt]:
        old = {p.id for p in before.prompts} if before else set()
        return [p for p in after.prompts if p.id not in old]

    def dm(self, table: Table, player: str, text: str, *, quiet: bool = False, **extra: Any) -> Op:
        """A private message. ``quiet``: if the player's DMs are closed, say nothing in public (a night message,
        whose public fallback would show who has a night power)."""
        if player == HOST:  # the engine's host seat is a person on Discord
            player = table.host or player
        fallback = {} if quiet else {"fallback": table.t("common.dm_closed", player=f"<@{player}>")}
        return post("dm", text, user=player, **fallback, **extra)

    def team_post(self, table: Table, team: str, members: Sequence[str], text: str) -> Op:
        audience = list(members) + ([table.narrator] if table.narrator else [])
        return post("team", text, team=team, members=audience, name=table.t(f"{table.prefix}.team.{team}"))


def _private(op: Op) -> bool:
    """A private message with a slot, which a prompt's controls are in (a DM)."""
    return op.get("to") == "dm" and bool(op.get("slot"))


def prompt_slot(prompt: Prompt) -> str:
    """The slot of a prompt's public message."""
    return f"prompt:{prompt.id}"


def dm_slot(prompt: Prompt, player: str) -> str:
    """The slot of the private message offering ``prompt`` to ``player``."""
    return f"dm:{prompt.id}:{player}"


def chunks(lines: Sequence[str], limit: int = MAX_CONTENT) -> list[str]:
    """Join lines into as few messages of at most ``limit`` characters as possible."""
    out: list[str] = []
    current = ""
    for line in lines:
        line = line if len(line) <= limit else line[: limit - 1] + "…"
        if current and len(current) + 1 + len(line) > limit:
            out.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        out.append(current)
    return out


def _only_for(event: Event, player: str) -> bool:
    return event.audience.kind == "players" and event.audience.players == (player,) and player != CLOCK


def _same(a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True, default=str) == json.dumps(b, sort_keys=True, default=str)


PLAIN = Presenter()


def duration(table: Table, seconds: float) -> str:
    """``1 min 15 s`` in the table's language."""
    minutes, rest = divmod(max(0, round(seconds)), 60)
    if minutes:
        return table.t("common.duration.minutes", minutes=minutes, seconds=rest)
    return table.t("common.duration.seconds", seconds=rest)


def back_safely(presenter: Presenter, table: Table, state: State, away: float, why: str) -> list[Op]:
    """:meth:`Presenter.back_ops`, or the default's if the game's raises (the notice must go out whatever)."""
    for candidate in (presenter, PLAIN):
        try:
            return candidate.back_ops(table, state, away, why)
        except Exception:
            log.exception("game %s: %s failed to say the bot is back", table.game_id, type(candidate).__name__)
    return []


def present_safely(
    presenter: Presenter, table: Table, before: State | None, after: State, events: Sequence[Event], actor: str | None = None
) -> list[Op]:
    """The presenter's ops; if it raises, the plain default presentation; if that raises too, one line.

    The action stands either way (it is already decided when this runs): a bug in how a game looks must never
    stall the game. The error is logged with the game id.
    """
    for candidate in (presenter, PLAIN):
        try:
            return candidate.present(table, before, after, events, actor)
        except Exception:
            log.exception("game %s: %s failed to present step %s", table.game_id, type(candidate).__name__, after.step)
    return [post("game", i18n.translate(table.lang, "common.present_failed"))]


__all__ = [
    "HOST",
    "PLAIN",
    "Presenter",
    "Table",
    "STORY_LINES",
    "STORY_ROOM",
    "StateMemo",
    "Typed",
    "back_safely",
    "chunks",
    "dm_slot",
    "duration",
    "present_safely",
    "prompt_slot",
]

