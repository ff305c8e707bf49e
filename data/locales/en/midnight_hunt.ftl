## Midnight Hunt — 1v1 / 2v2 hex tactics with bag-built tokens. Event keys are "mh.<event>"; see engines/midnight_hunt.

mh-name = Midnight Hunt
mh-tagline = Draft your units, draw from the bag, hold the locations.
mh-recommended = For 2 players (1v1) or 4 players (2v2).

mh-mode-1v1 = 1 vs 1
mh-mode-2v2 = 2 vs 2
mh-side-A = side A (red)
mh-side-B = side B (purple)
mh-side-none = nobody
mh-previous-A = side A
mh-previous-B = side B
mh-previous-neutral = neutral
mh-faction-hunters = 🗡️ Hunters
mh-faction-darkness = 🌑 Darkness

mh-unit-archer = Archer
mh-unit-crossbowman = Crossbowman
mh-unit-uhlan = Uhlan
mh-unit-cavalry = Cavalry
mh-unit-light_cavalry = Light Cavalry
mh-unit-spearman = Spearman
mh-unit-knight = Knight
mh-unit-swordsman = Swordsman
mh-unit-necromancer = Necromancer
mh-unit-seal = Seal
mh-name-archer = { mh-unit-archer }
mh-name-crossbowman = { mh-unit-crossbowman }
mh-name-night_shooter = Night Shooter
mh-name-uhlan = { mh-unit-uhlan }
mh-name-cavalry = { mh-unit-cavalry }
mh-name-light_cavalry = { mh-unit-light_cavalry }
mh-name-spearman = { mh-unit-spearman }
mh-name-knight = { mh-unit-knight }
mh-name-swordsman = { mh-unit-swordsman }
mh-name-necromancer = { mh-unit-necromancer }
mh-victim_name-archer = { mh-name-archer }
mh-victim_name-crossbowman = { mh-name-crossbowman }
mh-victim_name-night_shooter = { mh-name-night_shooter }
mh-victim_name-uhlan = { mh-name-uhlan }
mh-victim_name-cavalry = { mh-name-cavalry }
mh-victim_name-light_cavalry = { mh-name-light_cavalry }
mh-victim_name-spearman = { mh-name-spearman }
mh-victim_name-knight = { mh-name-knight }
mh-victim_name-swordsman = { mh-name-swordsman }
mh-victim_name-necromancer = { mh-name-necromancer }
mh-token-archer = { mh-unit-archer }
mh-token-crossbowman = { mh-unit-crossbowman }
mh-token-uhlan = { mh-unit-uhlan }
mh-token-cavalry = { mh-unit-cavalry }
mh-token-light_cavalry = { mh-unit-light_cavalry }
mh-token-spearman = { mh-unit-spearman }
mh-token-knight = { mh-unit-knight }
mh-token-swordsman = { mh-unit-swordsman }
mh-token-necromancer = { mh-unit-necromancer }
mh-token-seal = 🔑 Seal
mh-seal-seal_of_the_order = 🔑 Seal of the Order
mh-seal-seal_of_the_abyss = 🔑 Seal of the Abyss

mh-how-attack = attacks
mh-how-move = moves
mh-how-shot = Shot
mh-how-aimed_shot = Aimed shot
mh-how-piercing_strike = Piercing strike
mh-how-charge = Charge
mh-how-dash = Dash
mh-choice-initiative = Take initiative
mh-choice-recruit = Recruit
mh-choice-pass = Pass
mh-reason-control = control of the locations
mh-reason-surrender = surrender
mh-reason-abandoned = a player did not come back
mh-reason-time = the clock ran out
mh-reason-stalemate = stalemate

mh-draft = { $player }, pick a unit type.
mh-turn = { $player }, play a token (round { $round }).
mh-rejoin = { $player } left: press Rejoin to come back.

mh-game_started = Midnight Hunt, { $mode }. Factions: { $factions }. { $first } plays first for { $side }.
mh-drafted = { $player } drafts the { $name }.
mh-draft_done = The draft is over: { $units }.
mh-round_started = Round { $round }: { $side } leads, { $first } plays first.
mh-drew = { $player } draws { $count ->
    [one] 1 token
   *[other] { $count } tokens
} (hand: { $hand }).
mh-hand = Your hand: { $tokens }.
mh-reshuffled = { $player } shuffles { $count ->
    [one] 1 token
   *[other] { $count } tokens
} from the discard back into the bag.
mh-deployed = { $player } deploys the { $name } at { $hex }.
mh-bolstered = { $player } bolsters the { $name } at { $hex } (stack { $stack }).
mh-moved = { $player }'s { $name } ({ $how }): { $from } → { $to }.
mh-attacked = { $player }'s { $name } ({ $how }) at { $hex } hits { $victim }'s { $victim_name } at { $target }: { $left } left.{ $counter ->
    [yes] { " " }Counter-strike! The attacker has { $stack } left.
   *[no] {""}
}
mh-destroyed = { $player }'s { $name } at { $hex } is destroyed.
mh-fee = The { $name } of { $player } pays its fee: { $paid } to the discard (stack { $stack }).
mh-controlled = { $player }'s { $name } takes { $location } (was { $previous }): { $count ->
    [one] 1 location
   *[other] { $count } locations
} held.
mh-forfeited = { $player } forfeits a { $name } token (no legal play).
mh-seal_played = { $player }: ***
mh-seal_chosen = Your Seal: { $choice } { $unit } (takes effect at the end of the round).
mh-round_ended = Round { $round } is over. Next round: { $side } leads{ $changed ->
    [yes] { " " }(the initiative changed hands).
   *[no] .
}
mh-left = { $player } left the game: { $seconds ->
    [one] 1 second
   *[other] { $seconds } seconds
} to come back.{ $idle ->
    [yes] { " " }(idle for too long)
   *[no] {""}
}
mh-rejoined = { $player } is back.
mh-game_over = Game over ({ $reason }). Winners: { $winners }.

mh-error-not_a_player = Spectators cannot act.
mh-error-bad_action = That is not a Midnight Hunt action.
mh-error-away = You have left the game: press Rejoin first.
mh-error-not_away = You have not left the game.
mh-error-not_your_turn = It is not your turn.
mh-error-wrong_prompt = Answer your turn prompt.
mh-error-bad_elapsed = The elapsed time must be whole seconds, 0 or more.
mh-error-wrong_phase = It is the draft: pick a unit type.
mh-error-not_in_hand = That token is not in your hand.
mh-error-illegal_play = That play is not legal now.
mh-error-bad_unit = That unit cannot be drafted.
mh-error-bad_override = That scenario setup is not valid.
mh-error-player_count = Midnight Hunt is for 2 (1v1) or 4 (2v2) players.
mh-error-bad_option = That option is not valid.

## The board image (cogs/midnight_hunt/board.py) and its description for screen readers.
mh-board-letter-A = A
mh-board-letter-B = B
mh-board-abbr-archer = Ar
mh-board-abbr-crossbowman = Xb
mh-board-abbr-night_shooter = NS
mh-board-abbr-uhlan = Uh
mh-board-abbr-cavalry = Cv
mh-board-abbr-light_cavalry = LC
mh-board-abbr-spearman = Sp
mh-board-abbr-knight = Kn
mh-board-abbr-swordsman = Sw
mh-board-abbr-necromancer = Ne
mh-board-draft = Draft
mh-board-round = Round { $round }
mh-board-game-over = Game over:
mh-board-over-win = { $side } wins — { $reason }.
mh-board-over-draw = a draw — { $reason }.
mh-board-to-play = To play:
mh-board-to-pick = To pick:
mh-board-initiative = Initiative:
mh-board-held = Locations held:
mh-board-to-win = { $count } to win
mh-board-seal-rounds = { $count ->
    [one] { $count } round of Seals only
   *[other] { $count } rounds of Seals only
}
mh-board-clock = clock
mh-board-away = away
mh-board-acting = to play
mh-board-bag = bag { $count }
mh-board-hand = hand { $count }
mh-board-face-down = hidden in discard { $count }
mh-board-col-unit = Unit
mh-board-col-board = Stack
mh-board-col-supply = Supply
mh-board-col-discard = Discard
mh-board-col-dead = Dead
mh-board-no-units = No units drafted yet
mh-board-legend-neutral = neutral location
mh-board-legend-necropolis = Necropolis: only a Necromancer takes it
mh-board-legend-stack = stack height
mh-board-legend-hex = hex
mh-board-alt-draft = Midnight Hunt board, { $mode }, during the draft.
mh-board-alt-round = Midnight Hunt board, { $mode }, round { $round }.
mh-board-alt-to-play = To play: { $player } (seat { $seat }).
mh-board-alt-to-pick = To pick a unit: { $player } (seat { $seat }).
mh-board-alt-initiative = Initiative: { $side }.
mh-board-alt-held = Locations held: A { $a }, B { $b }; { $count ->
    [one] { $count } location wins
   *[other] { $count } locations win
}.
mh-board-alt-holds = { $side } holds { $locations }
mh-board-alt-neutral = neutral: { $locations }
mh-board-alt-units = Units on the board: { $units }
mh-board-alt-unit = { $seat } { $unit }, stack { $stack }, at { $hex }
mh-board-alt-none = none
mh-board-alt-seat = { $seat } { $player } ({ $faction }):
mh-board-alt-drafted = drafted { $units }
mh-board-alt-counts = { $bag ->
    [one] { $bag } token
   *[other] { $bag } tokens
} in the bag, { $hand } in hand, { $hidden } face down in the discard.
mh-board-alt-tokens = Supply: { $supply }. Discard: { $discard }. Dead: { $dead }.
mh-board-alt-supply = Supply: { $supply }.
mh-board-alt-clock = Clock: { $time }.
mh-board-alt-away = Away.
mh-board-picked = drafted { $count } of { $total }
