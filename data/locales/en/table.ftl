## What only the terminal table says (python -m engines play: handing the screen over, its menu); the games
## themselves speak there through their own catalogues, as on Discord.

table-pass_to = Pass the screen to { $player }; nobody else should look. { $player }, press Enter.
table-hide = { $player }, press Enter to hide your screen before passing it on.
table-seat = --- { $player } ---
table-since = Since your last look:
table-not_now = not now (the next player)
table-timeout = let the time run out
table-anytime = type “{ $word }”: { $label } (asks to confirm)
table-typed-leave = leave
table-typed-surrender = surrender
table-confirm = { $player }: { $label }? This cannot be undone. Type “yes” to confirm:{" "}
table-yes = yes
table-stays = { $player } stays in the game.
table-pick = Type a number from the list.
table-type_text = Type it:{" "}
table-then_type = (then type the words)
table-refused = Refused: { $reason }
table-time_runs_out = Nobody else can act now: the time runs out.
table-stuck = Nobody can act and nothing has a time limit.
table-input_ended = The input ended: the game stops unfinished.
table-interrupted = Interrupted: the game stops unfinished.
table-saved = Saved to { $path }.
table-to = to { $players }

## The games' boards at the table (python -m engines play: the board shown when the screen is handed over, and a
## player's own part of it), beside the bot's board words each game's catalogue already has.

nw-table-out_role = Out of the game: { $player } ({ $role }).
nw-table-tally = Votes so far — { $tally }.
ks-table-clue = { $player } gave the clue “{ $clue }”.
ks-table-earlier = Earlier tonight: { $word }, { $fate }.
ks-table-earlier_guess = Earlier tonight: { $word }, { $fate } (the guess: “{ $guess }”).
ks-table-foul = A foul is reported: { $reporter } points at the clue of { $accused }.
ks-table-score = { $player } { $points }
ks-table-score_left = { $player } { $points } (left the game)
ks-table-totals = Points: { $scores }.
la-table-round = Round { $round } — { $lit }.
gh-table-house = { $player }: { $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
} in hand{ $tags ->
    [none] {""}
   *[other] {" "}({ $tags })
}
gh-table-floor = Floor { $floor } ({ $lit ->
    [yes] lit
   *[no] dark
}): { $rooms }
gh-table-hand = { $player }: { $cards }
mn-table-avatar = { $player }
mn-table-player = { $player }: { $location }, { $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
}, { $traps ->
    [one] { $traps } trap
   *[other] { $traps } traps
}
mn-table-player_left = { $player }: { $left }
mn-table-play = { $player }: { $play }
mn-table-their_hand = In the hand of { $player }: { $cards }.
mn-table-discard_pile = The discard pile: { $cards }.
mn-table-target_hand = The hand you look into: { $cards }.
mh-table-row = row { $row }
mh-table-bag = In your bag: { $tokens }.
