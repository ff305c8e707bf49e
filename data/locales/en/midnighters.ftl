## Midnighters (Полуночники) — a surreal lucid-dream card game. Event keys are "mn.<event>"; see engines/midnighters.

mn-name = Midnighters
mn-tagline = Direct a surreal lucid dream. Wake up on the Bridge before the Midnight Horror seals the dream.
mn-lobby-joined = You have joined. When the game starts, your hand, your traps and your turns come by private message; the board is in the game's thread.
mn-dm_hello = 👋 You are in the dream. Your hand, your traps, your turns and every chance to answer another Midnighter's card will come here, in this conversation.

## Location cards
mn-location-corridor1 = Corridor 1
mn-location-corridor2 = Corridor 2
mn-location-corridor3 = Corridor 3
mn-location-corridor4 = Corridor 4
mn-location-corridor5 = Corridor 5
mn-location-corridor6 = Corridor 6
mn-location-forest = the Forest
mn-location-square = the Square
mn-location-motel = the Motel
mn-location-restaurant = the Restaurant
mn-location-townhall = the Town Hall
mn-location-bridge = the Bridge
mn-corridor-corridor1 = { mn-location-corridor1 }
mn-corridor-corridor2 = { mn-location-corridor2 }
mn-corridor-corridor3 = { mn-location-corridor3 }
mn-corridor-corridor4 = { mn-location-corridor4 }
mn-corridor-corridor5 = { mn-location-corridor5 }
mn-corridor-corridor6 = { mn-location-corridor6 }

## Cards
mn-card-sleepwalk = Sleepwalk
mn-card-vertigo = Vertigo
mn-card-star = Midnight Star
mn-card-dutch = Dutch Angle
mn-card-catcher = Dream Catcher
mn-card-suspense-forest = Suspense (Forest)
mn-card-suspense-square = Suspense (Square)
mn-card-suspense-motel = Suspense (Motel)
mn-card-suspense-restaurant = Suspense (Restaurant)
mn-card-suspense-townhall = Suspense (Town Hall)
mn-card-suspense-bridge = Suspense (Bridge)
mn-card-red = Red Nightmare
mn-card-blue = Blue Nightmare
mn-card-purple = Purple Nightmare
mn-card-black = Black Nightmare
mn-card-multi = Multicoloured Nightmare
mn-card-colourless = Colourless Nightmare
mn-card-trap = face-down trap
mn-colour-red = Red
mn-colour-blue = Blue
mn-colour-purple = Purple
mn-colour-black = Black
mn-colour-multi = Multicoloured
mn-colour-colourless = Colourless

## Plays, directions, layouts, outcomes
mn-play-sleepwalk = Sleepwalk
mn-play-vertigo_move = Vertigo (move a location)
mn-play-vertigo_rotate = Vertigo (rotate a location)
mn-play-star = Midnight Star (activate)
mn-play-dutch_cut = Dutch Angle (cut a player's actions)
mn-play-dutch_extra = Dutch Angle (extra action)
mn-play-catcher_steal = Dream Catcher (take a random card)
mn-play-set_trap = set a trap
mn-play-cancel = Dutch Angle (cancel)
mn-play-intercept = Dream Catcher (intercept)
mn-direction-up = up
mn-direction-right = right
mn-direction-down = down
mn-direction-left = left
mn-direction-cw = clockwise
mn-direction-ccw = counter-clockwise
mn-arrow-up = ↑
mn-arrow-right = →
mn-arrow-down = ↓
mn-arrow-left = ←
mn-layout-random = random layout
mn-layout-classic = classic layout
mn-outcome-woke = a Midnighter woke up on the Bridge
mn-outcome-dead_sleep = the Midnight Horror put everyone into dead sleep
mn-outcome-nobody_woke = nobody woke up
mn-outcome-abandoned = everyone left the dream

## Events
mn-game_started = 🌙 Midnight: the Midnighters fall asleep, each in a corridor between sleep and waking ({ $layout }). Seat order: { $players }. Wake up on the Bridge before a nightmare keeps you in the dream!
mn-your_hand = Your hand: { $cards }.
mn-turn_started = { $controller ->
    [none] Turn { $turn }: { $player } plays ({ $actions ->
        [one] 1 action
       *[other] { $actions } actions
    }).
   *[other] Turn { $turn }: { $player } plays, but { $controller } makes every choice (Dream Catcher trap).
}
mn-turn_skipped = Turn { $turn }: { $player } lies frozen in sleep paralysis next to the Midnight Horror and skips the turn.
mn-turn_ended = { $player } ends the turn.
mn-played = { $player } plays { $play }{ $target ->
    [none] {""}
   *[other] {" "}on { $target }
}{ $location ->
    [none] { $direction ->
        [none] {""}
       *[other] {" "}({ $direction })
    }
   *[other] {" "}— { $location }{ $direction ->
        [none] {""}
       *[other] , { $direction }
    }
}.
mn-trap_set = { $player } sets a trap face down.
mn-trap_set_secret = Your trap: { $card }, waiting at { $location }.
mn-reacted = { $player } answers the { $card } of { $target } with { $play }.
mn-cancelled = The Dutch Angle of { $player } cancels the { $card } of { $target }.
mn-intercepted = { $player } intercepts the { $card } of { $target } ({ $count ->
    [one] 1 card
   *[other] { $count } cards
} into their hand).
mn-cards_received = You took: { $cards }.
mn-mark_set = Your Midnight Star trap in { $location } is marked.
mn-mark_lapsed = Your mark on the Midnight Star trap in { $location } lapsed; the trap stays hidden.
mn-trap_ready = { $player } now has { $traps ->
    [one] 1 prepared trap
   *[other] { $traps } prepared traps
}.
mn-moved = { $player } moves to { $location }.
mn-location_moved = The dream shifts: cell { $cell } now holds { $location }.
mn-location_rotated = The dream turns: { $location } now lies turned { $degrees }° from how it was laid (arrows: { $arrows }).
mn-actions_cut = { $player } and { $target } will each have 1 action less next turn.
mn-extra_action = { $player } takes an extra action ({ $actions } left).
mn-card_stolen = { $player } blindly takes a card from { $target }.
mn-card_taken_secret = { $player } took { $card } from { $target }.
mn-fizzled = The { $card } of { $player } fizzles: its effect is no longer possible.
mn-card_drawn = You drew { $card }.
mn-drew = { $player } draws a card ({ $hand } in hand).
mn-reshuffled = The discard pile is shuffled into a new deck ({ $count ->
    [one] 1 card
   *[other] { $count } cards
}).
mn-nightmare_drawn = { $fired ->
    [yes] 😱 { $player } draws the { $colour } Nightmare!{ $immune_count ->
        [0] {""}
       *[other] {" "}Safe in the Town Hall: { $immune }.
    }
   *[no] { $player } draws the { $colour } Nightmare inside the Town Hall: it does not fire.
}
mn-nightmare-red = 😱 { $player } draws the Red Nightmare: foxes clatter in every head and call for a fight without tricks; no Suspense can be played, and none laid can spring (but a Midnight Star in the Town Hall).{ $immune_count ->
    [0] {""}
   *[other] {" "}Safe in the Town Hall: { $immune }.
}
mn-nightmare-blue = 😱 { $player } draws the Blue Nightmare: a flock of trembling birds blots out the stars. No location but the Town Hall can be activated.{ $immune_count ->
    [0] {""}
   *[other] {" "}Safe in the Town Hall: { $immune }.
}
mn-nightmare-purple = 😱 { $player } draws the Purple Nightmare: a fog of butterflies clouds every mind.{ $immune_count ->
    [0] {""}
   *[other] {" "}Safe in the Town Hall: { $immune }.
}
mn-nightmare-black = 😱 { $player } draws the Black Nightmare: a jet-black cat purrs, begging to stay in the dream for ever.{ $immune_count ->
    [0] {""}
   *[other] {" "}Safe in the Town Hall: { $immune }.
}
mn-nightmare-multi = 😱 { $player } draws the Multicoloured Nightmare: every heart in the dream beats faster.{ $immune_count ->
    [0] {""}
   *[other] {" "}Safe in the Town Hall: { $immune }.
}
mn-nightmare-colourless = 😱 { $player } draws the Colourless Nightmare: every heart in the dream slows down.{ $immune_count ->
    [0] {""}
   *[other] {" "}Safe in the Town Hall: { $immune }.
}
mn-gathered = { $players_count ->
    [0] The dream would pull everyone to { $location }, but nobody it affects is left to move.
   *[other] The dream pulls { $players } to { $location }.
}
mn-sent_to_corridors = { $corridors_count ->
    [0] Nobody has to go back to a corridor.
   *[other] The dream scatters the Midnighters to the corridors: { $corridors }.
}
mn-hands_passed = { $players_count ->
    [0] No hand has to pass.
    [1] No hand has to pass: { $players } has nobody to pass to.
   *[other] Hands and traps pass counter-clockwise among { $players }.
}
mn-horror = 🖤 { $player } has become the Midnight Horror: they can never wake, and anyone sharing their location lies frozen in sleep paralysis.
mn-activated = { $player } activates { $location }.
mn-activated-forest = 🌲 { $player } activates the Forest: the endless twilight wood that hugs the dream opens a way to anywhere.
mn-activated-square = ⛲ The Square remembers all that happened in the dream: { $player } activates it and looks through what was thrown away.
mn-activated-motel = 🪞 { $player } activates the Motel: like a mirror, it shows a Midnighter's defenceless sleeping body.
mn-activated-restaurant = 🍷 { $player } activates the Restaurant: sticky and enveloping, it clouds the minds near the Bridge.
mn-activated-townhall = 🏛️ { $player } activates the Town Hall, where the will stands up to heavy visions.
mn-activated-bridge = 🌅 { $player } activates the Bridge, the way up from moonlit sleep into sunlit waking.
mn-discard_pile = The discard pile: { $cards }.
mn-neutralised = { $colours_count ->
    [0] No nightmare is active; everyone is back to 2 actions.
   *[other] The Town Hall drives the heavy visions away: { $player } neutralises the nightmares ({ $colours }); everyone is back to 2 actions.
}{ $count ->
    [0] {""}
    [one] {" "}{ $player } discards 1 nightmare card.
   *[other] {" "}{ $player } discards { $count } nightmare cards.
}
mn-hand_shown = Hand of { $player }: { $cards }.
mn-took = { $player } takes { $count ->
    [one] 1 card
   *[other] { $count } cards
}{ $target ->
    [none] {""}
   *[other] {" "}from { $target }
} in { $location }.
mn-excess_discarded = { $player } discards { $count ->
    [one] 1 card
   *[other] { $count } cards
} over the hand limit{ $given ->
    [0] {""}
    [one] {" "}and gives 1 card to { $target }
   *[other] {" "}and gives { $given } cards to { $target }
}.
mn-nothing_done = { $player } does nothing here.
mn-hands_shuffled = { $players_count ->
    [0] { $player } would shuffle the hands near the Bridge, but nobody whose hand can be shuffled stands there.
   *[other] { $player } shuffles the hands of { $players } and deals them back.
}
mn-blind_discard = { $player } discards { $count ->
    [one] 1 random card
   *[other] { $count } random cards
} from the hand of { $target }.
mn-trap_sprung = 💥 Trap sprung by { $player } at { $location }: { $card }{ $how ->
    [self] , and { $player } steps onto it
    [corridor] , and { $target } is sent to { $corridor }
    [swap] , and { $player } swaps places with { $target }
    [claim] , and { $player } will play the next turn of { $target }
    [star] , taking the activation over from { $target }
   *[none] {""}
}.
mn-player_removed = { $player } slips out of the dream and leaves the game.
mn-game_over = The dream is over: { $outcome }. { $winners_count ->
    [0] Nobody wins.
   *[other] Winner: { $winners }.
}

## Prompts
mn-turn = Your turn: play a card, set a trap, or end your turn.
mn-window = Answer the { $card } of { $player }: Dutch Angle to cancel, Dream Catcher to intercept, or pass.
mn-choose_forest = The Forest: go anywhere in the dream.
mn-choose_square = The Square: take up to 3 cards from the discard pile.
mn-choose_motel_target = The Motel: choose whose hand to look at.
mn-choose_motel_take = The Motel: take up to 3 of their cards.
mn-choose_excess = Too many cards: discard down to 5.
mn-choose_restaurant = The Restaurant: shuffle the hands near the Bridge, or blindly discard someone's cards.
mn-choose_assign = As the Midnight Horror, send each Midnighter to a different corridor.

## Refusals
mn-error-bad_override = That scenario setup is not possible.
mn-error-not_a_player = You are not in this dream.
mn-error-bad_action = That is not a move in this game.
mn-error-not_your_turn = It is not your turn.
mn-error-no_card = You do not hold that card.
mn-error-no_actions = You have no actions left this turn.
mn-error-bad_direction = Choose a valid direction.
mn-error-blocked = The way is blocked.
mn-error-bad_location = There is no such location.
mn-error-not_adjacent = That location is neither yours nor adjacent.
mn-error-corridor = Corridors cannot be activated.
mn-error-blue_nightmare = The Blue Nightmare lets you activate only the Town Hall.
mn-error-horror_cannot_wake = The Midnight Horror cannot wake up.
mn-error-nightmare_in_hand = You cannot wake up while holding a nightmare card.
mn-error-bad_target = You cannot choose that player.
mn-error-red_nightmare = The Red Nightmare forbids setting traps.
mn-error-not_eligible = You cannot answer this card.
mn-error-already_passed = You have already passed in this window.
mn-error-bad_trap = You cannot mark that trap.
mn-error-bad_choice = That is not one of the choices.
mn-error-not_your_choice = Someone else is choosing.
mn-error-wrong_phase = Traps cannot be sprung in the middle of an effect.
mn-error-bad_spring = That trap cannot be sprung that way now.
mn-error-bad_elapsed = The time reported for that move is not valid.
mn-error-closed_answered = Too late: <@{ $player }> answered that card first, with { $play ->
    [cancel] a Dutch Angle
   *[other] a Dream Catcher
}. A card takes one answer; a new window is open on theirs.
mn-error-closed_passed = Too late: everyone else had passed, so that window closed and the card took effect.
mn-error-closed_timeout = Too late: the time for that choice ran out.
mn-error-closed_played = Too late: that moment closed when <@{ $player }> played a card; its reaction window is open.
mn-error-closed_ended = Too late: that moment closed when <@{ $player }> ended the turn.
mn-error-closed_sprung = Too late: that moment closed when <@{ $player }> sprang a trap.
mn-error-closed_chosen = Too late: <@{ $player }> has made that choice.
mn-error-closed_removed = Too late: that choice closed when the host removed <@{ $player }>.
mn-error-closed_over = Too late: the dream is over.

## Board image (cogs/midnighters/board.py): labels drawn on the picture and its text description
mn-board-place_forest = Forest
mn-board-place_square = Square
mn-board-place_motel = Motel
mn-board-place_restaurant = Restaurant
mn-board-place_townhall = Town Hall
mn-board-place_bridge = Bridge
mn-board-title = Midnighters board, turn { $turn } of { $max_turns }.
mn-board-turn = Turn { $turn } / { $max_turns }
mn-board-status_turn = { $player } to play: { $actions ->
    [one] { $actions } action left
   *[other] { $actions } actions left
}
mn-board-status_controlled = { $controller } makes every choice for { $player } (Dream Catcher trap).
mn-board-status_window = Reaction window: { $player } plays { $card }
mn-board-status_window_trap = Reaction window: { $player } sets a face-down trap
mn-board-status_choice = { $player } is choosing.
mn-board-col_player = Player
mn-board-col_location = Location
mn-board-col_cards = Cards
mn-board-col_traps = Traps
mn-board-horror = Midnight Horror
mn-board-penalty = { $count ->
    [one] { $count } action less next turn
   *[other] { $count } actions less next turn
}
mn-board-paralysed = sleep paralysis (skips turns)
mn-board-claimed = next turn played by { $controller }
mn-board-left = left the dream
mn-board-deck = Deck: { $count }
mn-board-discard = Discard pile: { $count }
mn-board-nightmares = Active nightmares:
mn-board-no_nightmares = No active nightmares
mn-board-exempt = immune: { $players }
mn-board-on_table = On the table:
mn-board-legend_traps = face-down traps: how many each player has, never where
mn-board-alt_player = { $player } ({ $letter }): { $location }, { $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
}, { $traps ->
    [one] { $traps } trap
   *[other] { $traps } traps
}
mn-board-alt_grid = The grid, each card with its arrows:
mn-board-empty_cells = Empty cells: { $cells }

## Discord (cogs/midnighters/presenter.py): lobby options
mn-option-reaction_seconds = Reaction window
mn-option-choice_seconds = Choices inside an effect
mn-option-turn_seconds = Time per turn
mn-option-max_turns = Turns at most
mn-option-layout = Board

## Discord: what each button does (kind labels)
mn-button-end = End turn
mn-button-sleepwalk = Sleepwalk
mn-button-vertigo_move = Vertigo (move a location)
mn-button-vertigo_rotate = Vertigo (rotate a location)
mn-button-star = Midnight Star
mn-button-dutch_cut = Dutch Angle (cut actions)
mn-button-dutch_extra = Dutch Angle (extra action)
mn-button-catcher_steal = Dream Catcher (take a card)
mn-button-set_trap = Set a trap
mn-button-spring = Spring a trap
mn-button-pass = Pass
mn-button-cancel = Cancel (Dutch Angle)
mn-button-intercept = Intercept (Dream Catcher)
mn-button-mark = Mark a Midnight Star trap
mn-button-goto = Go to
mn-button-done = Done
mn-button-take = Take a card
mn-button-target = Look at a hand
mn-button-discard = Discard a card
mn-button-give = Give a card back
mn-button-shuffle = Shuffle the hands near the Bridge
mn-button-blind_discard = Blind discard
mn-button-assign = Send to a corridor
mn-button-remove = Remove a player

## Discord: values in the step-by-step picker
mn-suspense-suspense-forest = { mn-location-forest }
mn-suspense-suspense-square = { mn-location-square }
mn-suspense-suspense-motel = { mn-location-motel }
mn-suspense-suspense-restaurant = { mn-location-restaurant }
mn-suspense-suspense-townhall = { mn-location-townhall }
mn-suspense-suspense-bridge = { mn-location-bridge }
mn-mode-corridor = send someone to a corridor
mn-mode-self = step onto it yourself
mn-turns-1 = turned 90° clockwise
mn-turns-2 = turned 180°
mn-turns-3 = turned 90° counter-clockwise
mn-label-cell = cell { $cell }
mn-label-count = { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
mn-label-trap = { $card } trap at { $location }
mn-label-trap_unknown = your trap

## Discord: one action in words (buttons, select options, the confirmation after a click)
mn-do-end = End turn
mn-do-sleepwalk = { $destination ->
    [none] Sleepwalk { $direction }
   *[other] Sleepwalk { $direction } to { $destination }
}
mn-do-vertigo_move = Vertigo: move { $location } { $direction }
mn-do-vertigo_rotate = Vertigo: rotate { $location } { $direction }
mn-do-star = { $location ->
    [none] Midnight Star: activate where you stand
   *[other] Midnight Star: activate { $location }
}
mn-do-dutch_cut = Dutch Angle: 1 action less next turn for { $target } and for you
mn-do-dutch_extra = Dutch Angle: 1 extra action now, 1 less next turn
mn-do-catcher_steal = Dream Catcher: take a random card from { $target }
mn-do-set_trap = Set a trap at { $location }: { $card }
mn-do-pass = Pass
mn-do-cancel = Cancel it (Dutch Angle)
mn-do-intercept = Intercept it (Dream Catcher)
mn-do-mark = Mark your Midnight Star trap at { $location }
mn-do-goto = Go to { $location }
mn-do-done = { $where ->
    [motel_target] Look at nobody's hand
    [restaurant] Do nothing here
   *[other] Take nothing more
}
mn-do-take = Take { $card }
mn-do-target = Look at the hand of { $player }
mn-do-discard = Discard { $card }
mn-do-give = Give { $card } back
mn-do-shuffle = Shuffle the hands on and next to the Bridge
mn-do-blind_discard = Discard { $count ->
    [one] { $count } random card
   *[other] { $count } random cards
} from the hand of { $player }
mn-do-assign = Send { $player } to { $corridor }
mn-do-remove = Remove { $player } from the dream
mn-do-spring = Trap at { $location }: { $effect }
mn-do-spring_gone = Your trap: { $effect }
mn-spring-self = step onto it yourself
mn-spring-corridor = send { $target } to { $corridor }
mn-spring-vertigo = move it to cell { $cell }, { $turns }
mn-spring-star = activate the Town Hall from afar
mn-spring-dutch = swap places with { $target }
mn-spring-catcher = play the next turn of { $target }
mn-spring-any = spring it

## Discord: private messages
mn-ask-turn = 🌙 **Turn { $turn }: your move** — { $actions ->
    [one] { $actions } action left
   *[other] { $actions } actions left
}.
mn-ask-turn_for = 🕸️ **Turn { $turn }: you play the turn of { $player }** (Dream Catcher trap) — { $actions ->
    [one] { $actions } action left
   *[other] { $actions } actions left
}.
mn-ask-turn_help = A play costs 1 action, a trap 2; Dutch Angle's extra action costs none. Every play can be answered by the others before it takes effect.
mn-ask-window = ⚡ **{ $what } Answer it?**
mn-ask-window_help = Dutch Angle cancels it, Dream Catcher takes it into your hand; either way your next turn has 1 action less. Or pass.
mn-ask-window_none = You hold no Dutch Angle and no Dream Catcher: pass.
mn-ask-choice = 🎴 **{ $what }**
mn-ask-taken = Taken so far: { $count } of 3.
mn-ask-assign = Where does { $player } go?
mn-ask-pick = { $so_far } — { $question }
mn-ask-direction = which way?
mn-ask-location = which location?
mn-ask-target = which player?
mn-ask-player = which player?
mn-ask-suspense = where does the trap go?
mn-ask-card = which card goes with it?
mn-ask-trap = which trap?
mn-ask-mode = how?
mn-ask-corridor = which corridor?
mn-ask-cell = which empty cell?
mn-ask-turns = which way round?
mn-ask-count = how many cards?
mn-ask-kind = what do you play?
mn-you_stand = 📍 Where you are: { $location } (arrows: { $arrows }).
mn-they_stand = 📍 Where { $player } is: { $location } (arrows: { $arrows }).
mn-no_arrows = none
mn-your_cards = 🃏 Your hand: { $cards }
mn-their_cards = 🃏 Hand of { $player }: { $cards }
mn-no_cards = no cards
mn-your_traps = 🪤 Your traps: { $traps }
mn-the_discard = 🗑️ The discard pile: { $cards }
mn-their_hand = 👁️ Their hand: { $cards }
mn-traps_now = 🪤 **Your traps** while { $player } plays: { $traps }
mn-traps_spring = You may spring one now, out of turn.
mn-mine_waiting = The table waits for: { $players }.

## Discord: the public board's caption and the end
mn-caption-turn = 🌙 **Turn { $turn } of { $max_turns }**
mn-caption-piles = Deck { $deck } · discard pile { $discard }
mn-caption-where = 📍 { $players }
mn-caption-player = { $player } ({ $letter }): { $location }, { $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
}{ $traps ->
    [0] {""}
    [one] , { $traps } trap
   *[other] , { $traps } traps
}
mn-caption-nightmares = 😱 { $nightmares }
mn-drew_cards = { $player } draws { $count ->
    [one] { $count } card
   *[other] { $count } cards
} ({ $hand } in hand).
mn-ending = { $reason ->
    [woke] { $player } woke up on the Bridge and wins; the dream is over.
    [dead_sleep] { $player }, the Midnight Horror, lulls every Midnighter into dead sleep and wins; the dream is over.
    [abandoned] Everyone has left the dream; nobody wins.
   *[other] { $cause ->
        [max_turns] Nobody woke up within { $turns ->
            [one] { $turns } turn
           *[other] { $turns } turns
        }, the limit: the dream sinks into deep sleep and nobody wins.
        [no_cards] Nobody woke up before the deck and the discard pile ran out: the dream sinks into deep sleep and nobody wins.
       *[other] Nobody woke up; nobody wins.
    }
}
mn-over-hands = Hands at the end:
mn-over-hand = • { $player }: { $cards }
mn-over-traps = Prepared traps: { $traps }
mn-over-trap = { $player }: { $card } at { $location }
mn-over-no_traps = No prepared traps.
mn-over-discard = Discard pile: { $cards }
mn-over-seed = 🎲 Seed: { $seed } (every shuffle of this game came from it)
