## Lanterns, the example game. Event keys are "la.<event>"; see engines/lanterns.

la-name = Lanterns
cmd-choice-lanterns = Lanterns
la-recommended = For 2 players, a few minutes.
la-lobby-joined = You have joined. When the game starts, your lanterns and your turns come by private message.
la-dm_hello = 👋 You are in. Your lanterns and your turns will come here, in this conversation.
la-option-turn_seconds = Seconds per turn
la-button-light = Light

la-rules =
    Two players, ten lantern cards numbered 1 to 10. Each of you is dealt 4 cards, seen only by you; the other 2 are set aside unseen.
    🏮 **Three rounds.** Each round you both light one card from your hand, one after the other, without seeing the other's card. Then both are shown: the higher card takes the round. The leader changes every round.
    ⏳ Out of time: your lowest card is lit for you.
    🏁 After three rounds, whoever took more rounds wins. Leaving hands the win to the other player. At the end every hand, the cards set aside and the seed are shown.
    📩 Your hand comes by private message; if your DMs are closed, use `/game mine` here.

la-game_started = 🏮 Dusk falls and the lanterns wait: { $players }. Rounds: { $rounds }; cards in each hand: { $hand }.
la-your_hand = Your lanterns: { $cards }.
la-round_started = Round { $round }: { $leader } lights first.
la-light-prompt = Round { $round }: light one of your lanterns.
la-lit = { $player } lights a lantern and keeps it hidden.
la-timed_out = Time is up for { $player }: their lowest lantern is lit.
la-round_won = Round { $round }: the lanterns show { $cards }. { $winner } takes the round with the brighter light.
la-player_left = { $player } has left the game.
la-game_over = 🏁 Game over: { $outcome }. Winners: { $winners }. Rounds taken: { $score }. Lanterns not lit: { $hands }. Set aside: { $aside }. Seed: { $seed }.
la-outcome-most_rounds = most rounds taken
la-outcome-left = a player left
la-status = Round { $round } of 3. Rounds taken: { $score }.
la-status-hand = Your lanterns: { $cards }.

la-error-light_only = On your turn, light one of your lanterns.
la-error-not_in_hand = That lantern is not in your hand.
