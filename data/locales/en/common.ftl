## Shared bot texts: lobby, commands, host controls, errors.

common-nobody = nobody
common-on = on
common-off = off
common-default = default
common-next_page = More…
common-seconds = { $count ->
    [one] { $count } second
   *[other] { $count } seconds
}
common-players_either = { $first } or { $second } { $second ->
    [one] player
   *[other] players
}
common-players_range = { $min }–{ $max } { $max ->
    [one] player
   *[other] players
}
common-dm_header = 🎲 **{ $game }** · { $server } · game #{ $id }
common-dm_closed = { $player }, I could not send you a private message. Open `/game mine` here to see your role and choices.
common-your_move = It is your move.
common-time_left = { $seconds ->
    [one] { $seconds } second left.
   *[other] { $seconds } seconds left.
}
common-no_games = No games are running on this server. Start one with `/game start`.
common-not_in_game = You are not playing in any running game.
common-no_game_here = There is no game in this channel. Start one with `/game start`.
common-aborted = The game was stopped by { $by }.
common-muted_role = Nocturne #{ $id }: out of the game
common-language_set = Language set to { $language }.

common-button-skip = Skip
common-button-pass = Pass
common-button-ready = Ready

common-lobby-title = lobby #{ $id }
common-lobby-host = Host: { $host }
common-lobby-seats = Players ({ $count }; { $min }–{ $max }): { $players }
common-lobby-narrator = Narrator: { $narrator }
common-lobby-options = Settings: { $options }
common-lobby-join = Join
common-lobby-leave = Leave
common-lobby-start = Start
common-lobby-settings = Settings
common-lobby-cancel = Cancel
common-lobby-pick_narrator = Narrator (optional, not a player)…
common-lobby-opened = Lobby #{ $id } is open. Players press Join; you press Start when everyone is in.
common-lobby-joined = You have joined. Your role will come by private message when the game starts.
common-lobby-left = You have left the lobby.
common-lobby-settings_help = Host settings (they apply when you press Start):
common-lobby-saved = Saved.
common-lobby-expired = This lobby closed: nobody started it within an hour. Open a new one with `/game start`.
common-lobby-counts_label = Counts, like: watch=2 citizen=5
common-lobby-started = The game has started!
common-lobby-seats_of = Players ({ $count } of { $seats }): { $players }
common-lobby-watchers = Watching: { $players }
common-lobby-watching = Every seat is taken, so you watch: the game's thread shows every public move, and nothing private reaches you.

common-host-panel = Host controls:
common-host-pause = Pause timers
common-host-resume = Resume timers
common-host-extend = +{ $seconds } s
common-host-remove = Remove a player who left…
common-host-done-pause = Timers paused.
common-host-done-resume = Timers resumed.
common-host-done-extend = Time extended.
common-host-done-skip = Skipped.
common-host-done-remove = Player removed.

common-error-bad_input = That option is not one the command offers. Pick one from the list.
common-error-internal = Something went wrong on our side; nothing was changed. Please try again.
common-error-no_game = That game does not exist any more.
common-error-corrupt_game = That game could not be loaded.
common-error-not_lobby = That lobby is closed.
common-error-not_running = That game is not running.
common-error-already_paused = The timers are already paused.
common-error-not_paused = The timers are not paused.
common-error-not_host = Only the host (or the narrator, or someone with Manage Server) can do that.
common-error-not_admin = You need the Manage Server permission for that.
common-error-already_seated = You are already in this lobby.
common-error-lobby_full = The lobby is full ({ $max ->
    [one] { $max } player
   *[other] { $max } players
}).
common-error-narrator_cannot_play = The narrator cannot also be a player.
common-error-not_seated = You are not in this lobby.
common-error-too_few_players = { $count ->
    [0] Nobody has joined
    [one] Only { $count } player has joined
   *[other] Only { $count } players have joined
}; this game needs at least { $min }.
common-error-no_option = There is no such setting.
common-error-bad_counts = Write the counts like this: { $example }
common-error-stale_prompt = Too late: that choice has closed and the game has moved on.
common-error-not_your_turn = It is not your turn.
common-error-game_over = The game is over.
common-error-not_a_player = You are not playing in this game.
common-error-bad_option = That setting cannot take that value: pick one the settings panel offers.
common-error-player_count = This game needs { $min }–{ $max } { $max ->
    [one] player
   *[other] players
}, not { $count }.
common-error-duplicate_player = A player is seated twice.
common-error-bad_action = That is not possible now.
common-error-wrong_phase = That is not possible in this phase.
common-error-bad_target = You cannot pick that.
common-error-already_done = You have already done that.
common-error-not_alive = You are out of the game.

cmd-game-name = game
cmd-game-description = Play a night-time table game
cmd-start-name = start
cmd-start-description = Open a lobby for a game in this channel
cmd-start-game = Which game
cmd-status-name = status
cmd-status-description = Show the games in this channel
cmd-mine-name = mine
cmd-mine-description = Your role, hand and open choices (private)
cmd-say-name = say
cmd-say-description = Type what your game asks of you now: a clue, a guess, a recap
cmd-say-text = What you type
cmd-leave-name = leave
cmd-leave-description = Leave the game you are playing here
cmd-abort-name = abort
cmd-abort-description = Stop the game in this channel (host or Manage Server)
cmd-rules-name = rules
cmd-rules-description = How a game is played
cmd-language-name = language
cmd-language-description = The bot's language on this server
cmd-language-language = Language
cmd-host-name = host
cmd-host-description = Host controls: pause, extend, skip, remove
cmd-choice-night_watch = Night Watch
cmd-choice-kdyz_snim = Když sním (When I Dream)
cmd-choice-ghost_at_home = Ghost at Home
cmd-choice-midnighters = Midnighters
cmd-choice-midnight_hunt = Midnight Hunt

## Controls and timers every game shares.
common-deadline = ends { $when }
common-more = …
common-back = ↩ Back
common-choose = Choose
common-button-leave = Leave the game
common-present_failed = ⚠️ I could not show this move properly; the game goes on. Use `/game mine` to see your choices.
common-prompt_closed = This choice is closed.
common-error-stale = That choice is no longer open: the game has moved on.
common-error-not_legal = That combination is not allowed here. Open the choice again and pick from what it offers.
common-error-not_yours = These controls belong to another player.
common-type_here = Your answer
common-lobby-won = The game is over. Winners: { $winners }.
common-lobby-draw = The game is over: a draw.
common-lobby-ended = The game is over: { $ending }
common-back-restart = I am back after { $away } away (a restart). That time was nobody's turn: no clock ran, and every open choice has the time it had left, at least { $grace ->
    [one] { $grace } second
   *[other] { $grace } seconds
  }; its message shows when it now ends. If you clicked something while I was away, please click it again.
common-back-gateway = I am back after losing my connection to Discord for { $away }. That time was nobody's turn: no clock ran, and every open choice has the time it had left, at least { $grace ->
    [one] { $grace } second
   *[other] { $grace } seconds
  }; its message shows when it now ends. If you clicked something meanwhile, please click it again.
common-duration-minutes = { $minutes } min { $seconds } s
common-duration-seconds = { $seconds } s
common-you_left = 👋 You have left the game; the others play on without you.
common-dm_hello = 👋 You are in. Your role, your hand and your private choices will come here, in this conversation.
common-dm_closed_at_join = ⚠️ I cannot send you private messages, so your role and private choices could not reach you. Allow direct messages from this server (its name → Privacy Settings → Direct Messages), or use `/game mine` in the game channel during the game.
common-moderators_read_threads = 🔎 Heads-up for the host: { $players } can manage threads on this server, and Discord lets them read private threads, so the game's team threads are not secret from them.
common-typed_cannot_delete = ⚠️ Heads-up for the host: I cannot delete messages in this channel (no Manage Messages permission), so messages typed in the game thread that the rules delete, the Dreamer's guesses among them, will stay visible. Give me Manage Messages, or play with the buttons.
common-nothing_to_type = ⚠️ Nothing of yours asks for typed words right now (a clue or a guess waits for its turn).
