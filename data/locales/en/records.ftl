## Fair deals, game records, /game history and /game stats (bot/records.py, bot/stats.py, cogs/records.py).

records-commit = Fair deal: every shuffle of this game follows from a secret key, sealed now. Its fingerprint, the SHA-256 of `salt:seed`, is `{ $commitment }`; the key is shown when the game ends, so anyone can check the deal and every shuffle.
records-reveal = Fair deal, opened: seed `{ $seed }`, salt `{ $salt }`. The SHA-256 of `{ $salt }:{ $seed }` is `{ $commitment }`, the commitment posted at the start.
records-no_commitment = This game was opened before seeds were committed to, so its deal cannot be checked against a commitment.
records-secret_seed = { $game } keeps its bag draws and its Seal plays secret for good, so this record holds the public plays only and cannot be replayed.
records-hidden_actions = Cards discarded face down stay hidden in the record, so it replays only up to the first of them.
records-attached = The game's record is attached: every action with its time, and the outcome. Check it with `python -m engines verify <file> --digest <digest>`; the digest is the end of the file name, and it is what shows the file is this one.
records-attached_secret = The game's record is attached: the public actions with their times, and the outcome.
records-file_description = Game record #{ $id }, digest { $digest }

records-deleted_player = (deleted player)
records-off = Stats are turned off on this server. A server admin can turn them on with `/game stats switch`.

records-history-title = **Recent games on this server**
records-history-none = No game has finished on this server yet.
records-history-line = **{ $game }** #{ $id } · { $when } · { $result } · { $duration } · { $link }
records-history-link = [final message]({ $url })
records-history-no_link = no message
records-result-won = won by { $winners }
records-result-draw = a draw
records-result-nobody = nobody won

records-stats-title = **Stats: { $player }** (this server)
records-stats-none = { $player }: no finished games on this server yet.
records-stats-private = { $player }: these stats are private.
records-stats-game = **{ $game }**: { $games ->
    [one] { $games } game
   *[other] { $games } games
}, { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
} ({ $rate }), { $draws ->
    [one] { $draws } draw
   *[other] { $draws } draws
}
records-stats-roles = by role: { $roles }
records-stats-role = { $role } { $wins }/{ $games }
records-stats-streak-won = current streak: { $count ->
    [one] { $count } win
   *[other] { $count } wins in a row
}
records-stats-streak-lost = current streak: { $count ->
    [one] { $count } defeat
   *[other] { $count } defeats in a row
}
records-stats-streak-draw = current streak: { $count ->
    [one] { $count } draw
   *[other] { $count } draws in a row
}
records-stats-best = best winning streak: { $count }
records-stats-longest = longest game: #{ $id }, { $duration }

records-top-title = **{ $game }: leaderboard of this server** (at least { $min ->
    [one] { $min } game
   *[other] { $min } games
})
records-top-line = { $rank }. { $player }: won { $wins } of { $games } ({ $rate })
records-top-none = Nobody has finished { $min ->
    [one] { $min } game
   *[other] { $min } games
} of { $game } on this server yet.
records-top-pick = Which game? Choose one in `game`.

records-privacy-hidden = You are hidden from this server's leaderboards, and others no longer see your stats here.
records-privacy-shown = You are shown on this server's leaderboards again.
records-switch-on = Stats are on for this server.
records-switch-off = Stats are off for this server: `/game stats` answers nothing until they are turned on again. Finished games still count.
records-forget-done = { $player }: deleted from this server's stats ({ $count ->
    [one] { $count } result
   *[other] { $count } results
}), and the name no longer appears in its past games.

records-duration-hours = { $hours } h { $minutes } min
records-duration-minutes = { $minutes } min
records-duration-seconds = { $seconds } s

cmd-history-name = history
cmd-history-description = Recent finished games on this server, each with a link to its final message
cmd-history-game = Only this game
cmd-stats-name = stats
cmd-stats-description = Stats and leaderboards on this server
cmd-stats-show-name = show
cmd-stats-show-description = A player's stats on this server: wins, by role, streaks, longest game
cmd-stats-show-game = Only this game
cmd-stats-show-player = Whose stats (you, if empty)
cmd-stats-top-name = top
cmd-stats-top-description = A game's leaderboard on this server (top 10)
cmd-stats-top-game = Which game
cmd-stats-privacy-name = privacy
cmd-stats-privacy-description = Hide yourself from this server's leaderboards, or show yourself again
cmd-stats-privacy-hide = Hide me (choose no to be shown again)
cmd-stats-switch-name = switch
cmd-stats-switch-description = Turn stats on or off for this server (Manage Server)
cmd-stats-switch-enabled = Stats on (yes) or off (no)
cmd-stats-forget-name = forget
cmd-stats-forget-description = Delete a player's stats and name on this server, on their request (Manage Server)
cmd-stats-forget-player = The player to forget
