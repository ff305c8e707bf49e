"""Custom ids: every component's ``custom_id``, made only here and kept within Discord's 100 characters.

Every id starts with a short tag and the game id, so a click is routed by the id alone (any process, after any
restart). ``tests/test_custom_ids.py`` refuses an id written by hand anywhere else in ``bot/`` and ``cogs/``.

**In-game controls** carry an action or a partial one in the codec of :mod:`bot.codec` (:func:`custom_id`,
:func:`action_id`, :func:`picker_id`, :func:`select_id`, :func:`multi_select_id`); a code too long for the id falls
back to the action's short hash (:func:`bot.codec.hash_code`, :func:`bot.codec.partial_code`). A click on any of
them is decoded once, by :func:`bot.decoder.decode`:

========  ==============================================  ===========================================
tag       custom_id                                       a click
========  ==============================================  ===========================================
``nc``    ``nc:<game>:<prompt>:<action>``                  applies the action
``np``    ``np:<game>:<prompt>:<page>:<partial>``          shows the picker's next step (privately)
``ns``    ``ns:<game>:<prompt>:<n>``                       a select; each option's value is an action
                                                           or a partial (``+`` prefix)
``nx``    ``nx:<game>:<prompt>:<arg>:<partial>``           a multi-select filling list argument ``arg``
``nm``    ``nm:<game>:<prompt>:<action>``                  opens a modal for the ``None`` arguments
``nt``    ``nt:<game>:<prompt>:<action>``                  (the modal) applies the action with the text
========  ==============================================  ===========================================

**The lobby and the host panel** carry no action, only what the button does (:func:`lobby_id`,
:func:`lobby_select_id`, :func:`counts_form_id`, :func:`host_id`, :func:`host_select_id`); the patterns that read
them back (``LOBBY_*``, ``HOST_*``) are here too, beside what they read:

========  ==============================================  ===========================================
``nl``    ``nl:<game>:<what>[:<extra>]``                   a lobby button (join, start, settings:<page>,
                                                           toggle:<option>, counts:<option> …)
``nls``   ``nls:<game>:<what>[:<extra>]``                  a lobby select (opt:<option>, narrator, addbot …)
``nlu``   ``nlu:<game>:narrator``                          the narrator's user select (an ``nls`` id sent
                                                           as discord.py's UserSelect)
``nlm``   ``nlm:<game>:<option>``                          the host's form of an option's counts
``nh``    ``nh:<game>:<what>[:<prompt>]``                  a host panel button (pause, extend, a host action)
``nhs``   ``nhs:<game>:<what>:<prompt>``                   a host panel select (remove a player)
========  ==============================================  ===========================================
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.codec import CodecError, Partial, encode, hash_code, needs_text, partial_code
from bot.ops import MAX_CUSTOM_ID
from engines.core import Action


@dataclass(frozen=True)
class ControlId:
    """A parsed in-game ``custom_id`` (see the module's table)."""

    tag: str
    game_id: int
    prompt_id: str
    code: str = ""
    page: int = 0
    arg: str = ""

    @classmethod
    def parse(cls, cid: str) -> ControlId:
        parts = cid.split(":")
        if len(parts) < 4 or parts[0] not in TAGS or not parts[1].isdigit():
            raise CodecError("malformed", f"not an in-game control: {cid[:40]!r}")
        tag, game, prompt = parts[0], int(parts[1]), parts[2]
        if tag == "np":  # np:game:prompt:page:code[:marker]
            if len(parts) < 5 or not parts[3].isdigit():
                raise CodecError("malformed", "bad picker id")
            return cls(tag, game, prompt, parts[4], page=int(parts[3]))
        if tag == "nx":  # nx:game:prompt:arg:code
            if len(parts) != 5:
                raise CodecError("malformed", "bad multi-select id")
            return cls(tag, game, prompt, parts[4], arg=parts[3])
        if tag == "ns":
            return cls(tag, game, prompt)
        return cls(tag, game, prompt, parts[3])


TAGS = ("nc", "np", "ns", "nx", "nm", "nt")


def custom_id(tag: str, game_id: int, prompt_id: str, code: str, *, legal: Sequence[Action] = (), action: Action | None = None) -> str:
    """``tag:game:prompt:code``; an over-long id falls back to the ``@hash`` of ``action`` (one of ``legal``)."""
    cid = f"{tag}:{game_id}:{prompt_id}:{code}"
    if len(cid) <= MAX_CUSTOM_ID:
        return cid
    if action is None or action not in legal:
        raise CodecError("unencodable", f"custom_id too long and no action to fall back on: {cid[:60]}…")
    return _fitting(f"{tag}:{game_id}:{prompt_id}:{hash_code(action)}", prompt_id)


def picker_id(game_id: int, prompt_id: str, page: int, partial: Partial, legal: Sequence[Action], marker: str = "") -> str:
    """``np:game:prompt:page:partial[:marker]``, the partial falling back to :func:`partial_code` when long."""
    tail = f":{marker}" if marker else ""
    head = f"np:{game_id}:{prompt_id}:{page}:"
    return _fitting(head + partial_code(partial, legal, MAX_CUSTOM_ID - len(head) - len(tail)) + tail, prompt_id)


def action_id(game_id: int, prompt_id: str, action: Action, legal: Sequence[Action] = (), tag: str | None = None) -> str:
    """The id of a button applying ``action`` (``nc``), or opening its modal (``nm``) when the player must type an
    argument; an over-long id falls back to the action's ``@hash`` when ``action`` is one of ``legal``."""
    tag = tag or ("nm" if needs_text(action) else "nc")
    return custom_id(tag, game_id, prompt_id, encode(action.kind, action.args), legal=legal, action=action)


def select_id(game_id: int, prompt_id: str, n: int | str) -> str:
    """``ns:game:prompt:n``: a select whose options carry the actions (or ``+`` partials); ``n`` tells a message's
    selects apart."""
    return _fitting(f"ns:{game_id}:{prompt_id}:{n}", prompt_id)


def multi_select_id(game_id: int, prompt_id: str, arg: str, partial: Partial, legal: Sequence[Action]) -> str:
    """``nx:game:prompt:arg:partial``: a multi-select filling the list argument ``arg`` of ``partial``, the partial
    falling back to :func:`partial_code` when long."""
    head = f"nx:{game_id}:{prompt_id}:{arg}:"
    return _fitting(head + partial_code(partial, legal, MAX_CUSTOM_ID - len(head)), prompt_id)


def _fitting(cid: str, prompt_id: str) -> str:
    if len(cid) > MAX_CUSTOM_ID:
        raise CodecError("unencodable", f"prompt id too long for a custom_id: {prompt_id!r}")
    return cid


# -- the lobby and the host panel ----------------------------------------------------------------------------

#: The lobby's and the host panel's tags.
PANEL_TAGS = ("nl", "nls", "nlu", "nlm", "nh", "nhs")
#: A field of a panel id: what a control does, an option's name, a page.
_WORD = re.compile(r"\w+")
#: A prompt's id in a host control.
_PROMPT = re.compile(r"[^:]+")

#: The patterns that read the panels' ids back (the groups: ``game``, ``what``, and ``extra`` or ``prompt``).
LOBBY_BUTTON = r"nl:(?P<game>\d+):(?P<what>\w+)(?::(?P<extra>\w+))?"
LOBBY_SELECT = r"nls:(?P<game>\d+):(?P<what>\w+)(?::(?P<extra>\w+))?"
LOBBY_USER_SELECT = r"nlu:(?P<game>\d+):narrator"
HOST_BUTTON = r"nh:(?P<game>\d+):(?P<what>\w+)(?::(?P<prompt>[^:]+))?"
HOST_SELECT = r"nhs:(?P<game>\d+):(?P<what>\w+):(?P<prompt>[^:]+)"


def _panel_id(tag: str, game_id: int, fields: Sequence[str | int | None], pattern: re.Pattern[str] = _WORD) -> str:
    """``tag:game:field…`` (a ``None`` field left out), each field one the patterns read back, within 100 characters."""
    parts = [str(f) for f in fields if f is not None]
    for i, part in enumerate(parts):
        if not (pattern if i else _WORD).fullmatch(part):
            raise CodecError("unencodable", f"{part[:40]!r} cannot be a field of a {tag} id")
    cid = ":".join([tag, str(int(game_id)), *parts])
    if len(cid) > MAX_CUSTOM_ID:
        raise CodecError("unencodable", f"custom_id too long: {cid[:60]}…")
    return cid


def lobby_id(game_id: int, what: str, extra: str | int | None = None) -> str:
    """``nl:game:what[:extra]``: a lobby button (``join``, ``settings`` and its page, ``toggle`` an option …)."""
    return _panel_id("nl", game_id, [what, extra])


def lobby_select_id(game_id: int, what: str, extra: str | None = None) -> str:
    """``nls:game:what[:extra]``: a lobby select (``opt`` an option, ``narrator``, ``addbot``, ``dropbot``)."""
    return _panel_id("nls", game_id, [what, extra])


def user_select_id(cid: str) -> str:
    """The id a lobby select of users (the narrator's, made by :func:`lobby_select_id`) has as discord.py's
    UserSelect (``nlu``), routed by its own pattern."""
    match = re.fullmatch(LOBBY_SELECT, cid)
    if match is None or match["what"] != "narrator":
        raise CodecError("malformed", f"not the narrator's select: {cid[:40]!r}")
    return _panel_id("nlu", int(match["game"]), ["narrator"])


def counts_form_id(game_id: int, option: str) -> str:
    """``nlm:game:option``: the host's form of an option's counts."""
    return _panel_id("nlm", game_id, [option])


def host_id(game_id: int, what: str, prompt: str | None = None) -> str:
    """``nh:game:what[:prompt]``: a host panel button (``pause``, ``resume``, ``extend``, or a host action of
    ``prompt``)."""
    return _panel_id("nh", game_id, [what, prompt], _PROMPT)


def host_select_id(game_id: int, what: str, prompt: str) -> str:
    """``nhs:game:what:prompt``: a host panel select (``remove`` a player)."""
    return _panel_id("nhs", game_id, [what, prompt], _PROMPT)


__all__ = [
    "HOST_BUTTON",
    "HOST_SELECT",
    "LOBBY_BUTTON",
    "LOBBY_SELECT",
    "LOBBY_USER_SELECT",
    "PANEL_TAGS",
    "TAGS",
    "ControlId",
    "action_id",
    "counts_form_id",
    "custom_id",
    "host_id",
    "host_select_id",
    "lobby_id",
    "lobby_select_id",
    "multi_select_id",
    "picker_id",
    "select_id",
    "user_select_id",
]
