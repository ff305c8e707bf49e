## Midnight Hunt — 1v1 / 2v2 hex tactics with bag-built tokens. Event keys are "mh.<event>"; see engines/midnight_hunt.

mh-name = Midnight Hunt
mh-tagline = Draft your units, draw from the bag, hold the locations.
mh-recommended = For 2 players (1v1) or 4 players (2v2).
mh-lobby-joined = You are in the hunt. When it starts, your draft picks, your hand and your turns come by private message; the board is in the game's thread.
mh-dm_hello = 👋 You are in the hunt. Your draft picks, your hand of tokens and your turns will come here, in this conversation; the board is in the game's thread.

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

mh-how-attack = melee
mh-how-move = Step
mh-how-shot = Shot
mh-how-aimed_shot = Aimed shot
mh-how-piercing_strike = Piercing strike
mh-how-charge = Charge
mh-how-dash = Dash
mh-choice-initiative = Take initiative
mh-choice-recruit = Recruit
mh-choice-pass = Pass
mh-reason-control = the locations are held
mh-reason-surrender = surrender
mh-reason-abandoned = a player did not come back
mh-reason-time = the clock ran out
mh-reason-stalemate = stalemate

mh-draft = { $player }, pick a unit type.
mh-turn = { $player }, play a token (round { $round }).
mh-rejoin = { $player } left: press Rejoin to come back.

mh-game_started = Midnight Hunt, { $mode }. Factions: { $factions }. { $first } plays first for { $side }.
mh-drafted = { $player } calls the { $name } to the hunt.
mh-draft_done = The draft is over: { $units }.
mh-round_started = 🌙 Round { $round }. The initiative is with { $side }, and { $first } moves first.
mh-drew = { $player } draws { $count ->
    [one] { $count } token
   *[other] { $count } tokens
} from the bag ({ $hand } in hand).
mh-hand = Your hand: { $tokens }.
mh-reshuffled = The bag of { $player } is empty: { $count ->
    [one] { $count } token goes
   *[other] { $count } tokens go
} back into it from the discard pile.
mh-deployed = { $player } sends the { $name } into the field at { $hex }.
mh-bolstered = { $player } reinforces the { $name } at { $hex }: its stack is { $stack } now.
mh-moved = { $how }: the { $name } of { $player } goes from { $from } to { $to }.
mh-stepped = The { $name } of { $player } moves from { $from } to { $to }.
mh-attacked = ⚔️ The { $name } of { $player } at { $hex } strikes the { $victim_name } of { $victim } at { $target } ({ $how }): { $left ->
    [0] not a token left.
   *[other] { $left } left in its stack.
}{ $counter ->
    [yes] { " " }Counter-strike! { $stack ->
        [0] The attacker loses its last token.
       *[other] The attacker is down to { $stack }.
    }
   *[no] {""}
}
mh-destroyed = 💀 The { $name } of { $player } falls at { $hex }.
mh-fee = The { $name } of { $player } pays for its shot: { $paid ->
    [one] { $paid } token
   *[other] { $paid } tokens
} to the discard pile, { $stack } left in its stack.
mh-controlled = 🚩 The { $name } of { $player } raises its banner over { $location } (it was { $previous }); the side holds { $count ->
    [one] { $count } location
   *[other] { $count } locations
}.
mh-forfeited = { $player } can do nothing with one { $name } token and gives it up.
mh-seal_played = 🔑 { $player } breaks a Seal in secret: its power takes hold at the end of the round.
mh-seal_chosen = Your Seal: { $choice } { $unit } (takes effect at the end of the round).
mh-round_ended = 🌘 Round { $round } ends. Next round, { $side } leads{ $changed ->
    [yes] : the initiative has changed hands.
   *[no] .
}
mh-left = { $player } left the game: { $seconds ->
    [one] 1 second
   *[other] { $seconds } seconds
} to come back.{ $idle ->
    [yes] { " " }(idle for too long)
   *[no] {""}
}
mh-rejoined = { $player } is back in the hunt.
mh-game_over = Game over ({ $reason }). Winners: { $winners }.

mh-error-not_a_player = { mh-step-spectator }
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
mh-error-mode_players = { $mode } needs { $seats ->
    [one] 1 player
   *[other] { $seats } players
}; seated: { $count }.
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
mh-board-legend-hex = hex: its letter from the left, its row from side A
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
mh-board-alt-unit-short = { $seat } { $unit } { $hex } ×{ $stack }
mh-board-alt-units-by-seat = Units on the board, by seat: { $units }
mh-board-alt-counts-short = bag { $bag }, hand { $hand }, face down { $hidden }.
mh-board-alt-none = none
mh-board-alt-seat = { $seat } { $player } ({ $faction }):
mh-board-alt-drafted = drafted { $units }
mh-board-alt-counts = { $bag ->
    [one] { $bag } token
   *[other] { $bag } tokens
} in the bag, { $hand } in hand, { $hidden } face down in the discard.
mh-board-alt-tokens = Supply: { $supply }. Discard: { $discard }. Dead: { $dead }.
mh-board-alt-clock = Clock: { $time }.
mh-board-alt-away = Away.
mh-board-picked = drafted { $count } of { $total }

## Discord: the presenter (cogs/midnight_hunt/presenter.py), the lobby's options and the controls.
mh-option-mode = Mode
mh-option-first_player = First player
mh-first_player-random = 🎲 Random
mh-first_player-A = Side A (red)
mh-first_player-B = Side B (purple)
mh-option-faction_1 = Faction of seat 1
mh-option-faction_2 = Faction of seat 2
mh-option-faction_3 = Faction of seat 3
mh-option-faction_4 = Faction of seat 4
mh-faction_1-random = 🎲 Random
mh-faction_1-hunters = { mh-faction-hunters }
mh-faction_1-darkness = { mh-faction-darkness }
mh-faction_2-random = 🎲 Random
mh-faction_2-hunters = { mh-faction-hunters }
mh-faction_2-darkness = { mh-faction-darkness }
mh-faction_3-random = 🎲 Random
mh-faction_3-hunters = { mh-faction-hunters }
mh-faction_3-darkness = { mh-faction-darkness }
mh-faction_4-random = 🎲 Random
mh-faction_4-hunters = { mh-faction-hunters }
mh-faction_4-darkness = { mh-faction-darkness }
mh-option-clock_minutes = Chess clock, minutes (0: off)
mh-option-increment_seconds = Clock increment per play
mh-option-rejoin_seconds = Time to come back after leaving
mh-option-idle_minutes = Idle limit per turn, minutes (clock off)

mh-button-pick = Draft
mh-button-deploy = Deploy
mh-button-bolster = Bolster
mh-button-move = Move
mh-button-attack = Attack
mh-button-control = Take the location
mh-button-tactic = Tactic
mh-button-forfeit = Forfeit the token
mh-button-seal = Seal
mh-button-surrender = Surrender
mh-button-confirm_surrender = Surrender now
mh-button-rejoin = Rejoin
mh-button-leave = Leave the game

mh-help-archer = { $tokens ->
    [one] 1 token
   *[other] { $tokens } tokens
} · no normal attack · Shot: hits an enemy exactly 2 hexes away.
mh-help-crossbowman = { $tokens ->
    [one] 1 token
   *[other] { $tokens } tokens
} · attacks only at stack 3 or more · Aimed shot: an enemy in a straight line 1 or 2 hexes away (the hex between empty).
mh-help-night_shooter = { $tokens ->
    [one] 1 token
   *[other] { $tokens } tokens
} · attacks at stack 2 or more, then pays 1 token to the discard · Aimed shot: an enemy in a straight line 1 or 2 hexes away.
mh-help-uhlan = { $tokens ->
    [one] 1 token
   *[other] { $tokens } tokens
} · no normal attack · Piercing strike: an enemy 2 or 3 hexes away in a straight line over empty hexes, then closes in.
mh-help-cavalry = { $tokens ->
    [one] 1 token
   *[other] { $tokens } tokens
} · attacks · Charge: moves one hex, then attacks from there.
mh-help-light_cavalry = { $tokens ->
    [one] 1 token
   *[other] { $tokens } tokens
} · attacks · Dash: moves 2 hexes through an empty one.
mh-help-spearman = { $tokens ->
    [one] 1 token
   *[other] { $tokens } tokens
} · attacks · Counter-strike: a melee attacker loses a token too.
mh-help-knight = { $tokens ->
    [one] 1 token
   *[other] { $tokens } tokens
} · attacks · cannot be attacked at stack 1.
mh-help-swordsman = { $tokens ->
    [one] 1 token
   *[other] { $tokens } tokens
} · attacks · no tactic.
mh-help-necromancer = { $tokens ->
    [one] 1 token
   *[other] { $tokens } tokens
} · attacks · the only unit that takes the Necropolis in 2 vs 2.

mh-none = none
mh-in_supply = { $count } in supply
mh-caption-over = The hunt is over
mh-caption-initiative = Initiative: { $side }
mh-caption-held = Locations: A { $a } · B { $b } (of { $count } to win)
mh-over-win = { $side } wins: { $reason }.
mh-over-draw = a draw: { $reason }.
mh-over-by-surrender = { $player } lays down arms.
mh-over-by-time = The clock of { $player } has run out.
mh-over-by-abandoned = { $player } did not come back in time.
mh-over-winners = The night belongs to { $players }.
mh-started = ⚔️ **Midnight Hunt**, { $mode }. Midnight strikes, and the hunt is on. { $lineup }. First pick: { $first }, { $side }.
mh-draft_over = 📋 The companies are mustered. { $lineup }.
mh-public-draft = 📋 Draft, pick { $pick } of { $picks }: **{ $player }** chooses a unit type.
mh-public-turn = ▶️ Round { $round }: **{ $player }** to play.
mh-public-waiting = (away: the game waits for { $player } to come back)
mh-public-away = { $player } has left the game{ $idle ->
    [yes] { " " }(no play for too long)
   *[no] {""}
}{ $waits ->
    [yes] : the game waits for them.
   *[no] .
}
mh-rejoin-until = { $player } can come back { $when }, or loses.
mh-clock-running = The clock of { $player } runs out { $when }
mh-clock-stopped = The clock of { $player }: { $time }
mh-clock-of = { $player } { $time }
mh-idle = { $player } has to play { $when }, or counts as having left
mh-dm-draft = 📋 **Your draft pick** ({ $pick } of { $picks }). You play { $seat }, { $faction }.
mh-dm-yours = Yours so far: { $units }.
mh-dm-turn = ▶️ **Your turn**, round { $round }. You play { $seat }, { $faction }.
mh-dm-hand = Your hand: { $tokens }
mh-dm-bag = In your bag ({ $count }, drawn at random): { $tokens }
mh-dm-pending = 🔑 Your Seal this round: { $choice }. It takes hold at the end of the round; only you know it.
mh-dm-round_hand = Round { $round }, your hand: { $tokens }
mh-dm-help = Each play names a token, its action and its target. Hexes are named as on the board: a letter along the row from the left, and the row's number from side A's edge.
mh-dm-rejoin = You have left the game. Press Rejoin to come back, or your side loses.
mh-seal-mine = 🔑 Your Seal: { $choice }. It takes hold at the end of the round; the table only sees that a Seal was played.
mh-team-A = Side A (red)
mh-team-B = Side B (purple)
mh-team-welcome = 🛡️ **{ $team }**: your team's private thread, for { $players }. Plan together here; each hand stays in its owner's DMs.
mh-step-spectator = You are watching this game: spectators see the board and the log, and cannot act.
mh-step-draft = Which unit type do you draft?
mh-step-token = Which token do you play?
mh-step-play = Choose your play
mh-step-token_play = { $token }: which play?
mh-step-action = { $token }: which action?
mh-step-target = { $action } → choose:
mh-step-seal = { $token }: which action? Only you will know; the table only sees that a Seal was played.
mh-step-confirm = { $action }?
mh-step-surrender = { $team ->
    [yes] 🏳️ Surrender? Your team loses at once: you and your team-mate.
   *[no] 🏳️ Surrender? You lose at once.
}
mh-button-cancel_surrender = Cancel: play on
mh-step-surrender_cancelled = 🏳️ You did not surrender: the game goes on.
