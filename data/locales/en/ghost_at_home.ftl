## Ghost at Home. Event keys are "gh.<event>"; see engines/ghost_at_home.

gh-name = Ghost at Home
gh-tagline = Explore your haunted house floor by floor and be the first to get out. Set ghosts on the others; friendly cats keep yours away.
gh-recommended = For 2 to 4 players.
gh-lobby-joined = You have joined. When the game starts, your cards and your turns come by private message; the houses are on the board in the game's thread.
gh-dm_hello = 👋 You are in the house. Your cards, your turns and every ghost that comes for your rooms will reach you here, in this conversation.

gh-card-room1 = Floor-1 room
gh-card-room2 = Floor-2 room
gh-card-room3 = Floor-3 room
gh-card-ghost = Ghost
gh-card-cat = Cat
gh-card-space_hole = Space hole
gh-card-light_bulb = Light bulb
gh-card-cat_food = Cat food
gh-card-elevator = Elevator
gh-card-lightning = Lightning
gh-card-joker_room = Joker room

gh-side-left = left
gh-side-right = right
gh-from_side-left = left
gh-from_side-right = right
gh-window-cat = a cat
gh-window-ghost = a ghost
gh-source-ghost = a ghost
gh-source-space_hole = a ghost through the Space hole
gh-source-escape = a ghost against the escape
gh-outcome-escaped = escaped from the haunted house
gh-outcome-last_player = only one explorer is left in the game
gh-outcome-ended_by_host = ended by the host
gh-outcome-stalemate = nobody can play any more: a draw

gh-game_started = 👻 The front door slams shut behind { $players_count ->
    [one] { $players_count } explorer
   *[other] { $players_count } explorers
}. Each holds 3 cards; { $deck ->
    [one] { $deck } card waits
   *[other] { $deck } cards wait
} in the deck. Explore your house floor by floor, from the bottom up, and be the first to get out!
gh-your_hand = Your hand: { $cards }.
gh-turn_started = Turn { $turn }: { $player } to play.
gh-turn_passed = { $player } has no cards left and passes.
gh-turn_timed_out = ⏰ Time is up for { $player }; the turn ends with no action.
gh-rooms_played = 🚪 { $player } explores { $cards_count ->
    [one] a room
   *[other] { $cards_count } rooms
}: { $cards } ({ $floors_count ->
    [one] floor
   *[other] floors
} { $floors }).
gh-ghost_sent = 👻 { $player } sends { $source } at the house of { $target }: floor { $floor }, { $side } room.
gh-ghost_met_cat = 🐈 A cat already keeps watch in that room (house of { $player }): with a hiss it drives the ghost away. Both cards go to the discard pile.
gh-waiting = ⏳ Waiting for { $player } (may answer with { $window }).
gh-cat_answered = 🐈 A cat leaps out in the house of { $player } and drives away the ghost { $attacker } sent. Both cards go to the discard pile.
gh-ghost_rests = 👻 The light holds: the ghost settles in the { $side } room of floor { $floor } (house of { $player }) and waits for a second one.
gh-floor_wiped = { $light_off ->
    [yes] 💥 The ghosts take floor { $floor } of the house of { $player }: its rooms are lost and the light goes out. To the discard pile: { $cards }.
   *[no] 💥 A ghost in the dark takes floor { $floor } of the house of { $player }: its rooms are lost. To the discard pile: { $cards }.
}
gh-cat_played = 🐈 A cat curls up in the { $side } room of floor { $floor }, in the house of { $player }.
gh-light_on = 💡 Light floods floor { $floor } in the house of { $player } (paid with { $cards }).
gh-space_hole_played = 🌀 { $player } opens the Space hole under the ghost on floor { $from_floor } of their own house.
gh-light_bulb_played = 💡 { $player } screws in the Light bulb: floor { $floor } is lit.
gh-cat_food_played = 🐟 { $player } shakes the Cat food: the cat of { $from_player } (floor { $from_floor }, { $from_side } room) runs over to the house of { $player }, floor { $floor }, { $side } room.
gh-elevator_played = 🛗 The Elevator carries the cat of { $player } from floor { $from_floor } ({ $from_side }) to floor { $floor } ({ $side }).
gh-lightning_played = ⚡ { $player } calls down Lightning on the house of { $target }: floor { $floor } goes dark.
gh-discarded = { $player } discards { $count ->
    [one] { $count } card
   *[other] { $count } cards
} face down.
gh-drew = { $player } draws { $count ->
    [one] { $count } card
   *[other] { $count } cards
}.
gh-you_drew = You draw: { $cards }.
gh-reshuffled = 🔀 The deck is empty: the discard pile ({ $count ->
    [one] { $count } card
   *[other] { $count } cards
}) is shuffled into a new deck.
gh-escape_started = 🏃 { $player } has explored every floor and runs for the roof! Only a ghost can stop the escape now.
gh-no_ghost = { $player } holds back: no ghost.
gh-escape_stopped = 🚫 The ghosts bar the way: { $player } does not get out this time. Everyone draws back up to 3 cards.
gh-escaped = 🎉 The last door gives way: { $player } escapes from the haunted house!
gh-player_left = { $player } has left the game. { $hand ->
    [0] Their hand was empty
    [one] Their { $hand } card in hand goes to the discard pile face down
   *[other] Their { $hand } cards in hand go to the discard pile face down
}; { $cards_count ->
    [0] their house was empty
   *[other] their house goes to the discard pile face up: { $cards }
}.
gh-game_over = 🏁 Game over: { $outcome }. Winners: { $winners }. Hands: { $cards }. Seed: { $seed }.

gh-prompt_turn = { $player }, your turn: choose one action.
gh-prompt_cat = { $player }, a ghost is coming at your house: play a cat?
gh-prompt_ghost = { $player }, an opponent is escaping: send a ghost?

gh-button-rooms = Explore rooms
gh-button-ghost = Send a ghost
gh-button-cat = Put a cat
gh-button-light = Turn on a light
gh-button-space_hole = Space hole
gh-button-light_bulb = Light bulb
gh-button-cat_food = Cat food
gh-button-elevator = Elevator
gh-button-lightning = Lightning
gh-button-discard = Discard and draw
gh-button-answer_cat = Play a cat
gh-button-no_cat = No cat
gh-button-no_ghost = No ghost
gh-button-leave = Leave the game
gh-button-remove = Remove a player
gh-button-end = End the game

gh-error-bad_override = The fixed deal is not valid.
gh-error-bad_args = That choice is incomplete or not understood.
gh-error-bad_action = That action is not possible now.
gh-error-bad_target = Choose an opponent who is still in the game.
gh-error-bad_room = You cannot put it on that room.
gh-error-no_card = You do not hold that card.
gh-error-not_a_room = Only room cards go into the house.
gh-error-wrong_floor = That room belongs on another floor.
gh-error-floor_full = That floor has no empty slot.
gh-error-lower_floors_first = Fill every lower floor first.
gh-error-cannot_light = You can light only a dark floor whose lower floors are full.
gh-error-light_cost = A light costs 2 or 3 cards.
gh-error-not_enough_bulbs = Those cards show { $bulbs ->
    [one] { $bulbs } bulb
   *[other] { $bulbs } bulbs
}; you need { $needed }.
gh-error-no_ghost_here = No ghost rests on that floor of your house.
gh-error-no_cat_here = There is no cat in that room.
gh-error-same_floor = The elevator must take the cat to another floor.
gh-error-not_lit = That opponent's highest explored floor is dark.
gh-error-not_a_player = You are not playing in this game.
gh-error-not_in_game = You have left this game.
gh-error-not_your_turn = It is not your turn.
gh-error-not_your_window = This choice is not yours.

## Board image (cogs/ghost_at_home/board.py): the words on the picture and its description for screen readers.

gh-board-title = Ghost at Home
gh-board-turn = Turn { $turn }
gh-board-to_play = { $player } to play.
gh-board-escaping = { $player } is escaping from the house!
gh-board-attack = A ghost from { $attacker } is coming at { $defender }: floor { $floor }, { $side } room.
gh-board-waiting = Waiting for { $player } to answer.
gh-board-over = Game over: { $outcome }.
gh-board-winners = Winner: { $players }.
gh-board-deck = Deck
gh-board-discard = Discard pile
gh-board-hand = { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
gh-board-lit_floor = Lit floor
gh-board-dark_floor = Dark floor
gh-board-tag-to_play = to play
gh-board-tag-answering = answering
gh-board-tag-escaping = escaping!
gh-board-tag-winner = winner
gh-board-tag-left = left the game
gh-board-alt-head = Ghost at Home board, turn { $turn }. Deck: { $deck ->
    [one] { $deck } card
   *[other] { $deck } cards
}; discard pile: { $discard ->
    [one] { $discard } card
   *[other] { $discard } cards
}.
gh-board-alt-house = { $player } ({ $letter }), { $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
} in hand: { $floors }.
gh-board-alt-left = { $player } ({ $letter }) has left the game.
gh-board-alt-floor = floor { $floor } { $lit ->
    [yes] lit
   *[no] dark
}: { $rooms }
gh-board-alt-no_rooms = no rooms
gh-board-alt-room = room
gh-board-alt-joker = joker room
gh-board-alt-with_ghost = { $room } with a ghost
gh-board-alt-with_cat = { $room } with a cat

## On Discord (cogs/ghost_at_home/presenter.py): the private prompts, their controls, the board's caption, the end.

gh-floor-1 = floor 1
gh-floor-2 = floor 2
gh-floor-3 = floor 3
gh-empty_hand = no cards
gh-your_cards = Your hand: { $cards }
gh-your_house = Your house: { $house }
gh-ask-turn = Turn { $turn }: your move. Choose one action.
gh-ask-cat = { $attacker } sends { $source } at your floor { $floor }, { $side } room! Answer with a cat?
gh-ask-ghost = { $player } has explored every floor and is running for the roof! Send a ghost at their top floor?
gh-ask-ghost_again = Your ghost did not stop { $player }. Send one more ghost?
gh-help-turn = One action per turn. A light costs { $least }–{ $most } { $most ->
    [one] card
   *[other] cards
} showing { $bulbs } or more 💡 together.
gh-help-cat = A cat chases the ghost away (both are discarded). No answer in time means no cat.
gh-help-ghost = Your ghost goes to a room on their top floor, where a cat can still stop it. No answer in time means no ghost.
gh-pick-light = Turn on a light: pick the cards to pay ({ $bulbs }+ 💡)
gh-pick-discard = Discard and draw: pick the cards to discard
gh-pick-light_floor = Paying { $cards }: which floor do you light?
gh-do-rooms = Explore { $rooms }
gh-do-ghost = Ghost → { $player }: floor { $floor }, { $side_id ->
        [left] left
       *[right] right
    }
gh-do-cat = Put a cat on your floor { $floor }, { $side_id ->
        [left] left
       *[right] right
    }
gh-do-light = Light floor { $floor }: { $cards }
gh-do-space_hole = Space hole: ghost, floor { $from_floor } → { $player }: floor { $floor }, { $side_id ->
        [left] left
       *[right] right
    }
gh-do-light_bulb = Light bulb: light floor { $floor }
gh-do-cat_food = Cat food: { $player }, floor { $from_floor }, { $from_side_id ->
        [left] left
       *[right] right
    } → floor { $floor }, { $side_id ->
        [left] left
       *[right] right
    }
gh-do-elevator = Elevator: your cat, floor { $from_floor }, { $from_side_id ->
        [left] left
       *[right] right
    } → floor { $floor }, { $side_id ->
        [left] left
       *[right] right
    }
gh-do-lightning = Lightning at { $player }
gh-do-discard = Discard { $cards } and draw as many
gh-do-answer_cat = Play a cat
gh-do-no_cat = No cat
gh-do-no_ghost = No ghost
gh-do-leave = Leave the game
gh-do-remove = Remove { $player } from the game
gh-do-end = End the game with no winner
gh-caption-piles = Deck: { $deck } · discard pile: { $discard }
gh-status-house = { $player } ({ $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
} in hand): { $house }
gh-status-left = { $player } has left the game.
gh-over-title = The house falls quiet. Game over: { $outcome }
gh-over-winners = 🏆 Winner: { $players }
gh-over-hands = Hands at the end:
gh-over-seed = 🎲 Seed: { $seed } (every shuffle of this game came from it)
