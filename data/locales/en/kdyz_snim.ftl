## Když sním (When I Dream) — event keys are "ks.<event>"; see engines/kdyz_snim and shared/rules/kdyz_snim.md.

ks-name = When I Dream (Když sním)
ks-tagline = One player dreams, the others whisper one-word clues. Fairies help, Boogeymen mislead, Sandmen want balance.
ks-recommended = Recommended: 6 or more players.
ks-lobby-joined = You have joined. Each night your role comes by private message, with the dream card unless you are the Dreamer; clues and guesses are in the game's thread.

ks-role-dreamer = Dreamer
ks-role-fairy = Fairy
ks-role-boogeyman = Boogeyman
ks-role-sandman = Sandman
ks-role-help-dreamer = You cannot see the dream cards. Guess each element once, when you are ready, and remember what you guessed: recalling them all in the morning earns +2.
ks-role-help-fairy = You want the Dreamer to guess right: 1 point for every element on the yellow pile. Give helpful clues.
ks-role-help-boogeyman = You want the Dreamer to go wrong: 1 point for every element on the blue pile (wrong or passed). Lead the dream astray without being caught.
ks-role-help-sandman = You want balance: equal yellow and blue piles pay the most (yellow + 2); a difference of one pays the larger pile, more than that the smaller one.

ks-pile-yellow = right, yellow pile
ks-pile-blue = wrong, blue pile
ks-fate-yellow = guessed right
ks-fate-blue = guessed wrong
ks-fate-penalty = penalty card
ks-fate-unused = unused
ks-fate-current = in play
ks-reason-words = more than one word
ks-reason-same = the element itself
ks-reason-translation = a translation of the element
ks-reason-stem = shares a stem with the element
ks-reason-all_dreamt = everyone has dreamt
ks-reason-too_few_players = fewer than 4 players are left
ks-clue_mode-text = typed clues
ks-clue_mode-voice = spoken clues
ks-language-cs = Czech
ks-language-ru = Russian
ks-language-en = English

ks-game_started = 🌙 When I Dream begins: { $players_count ->
    [one] { $players_count } player
   *[other] { $players_count } players
}, { $rounds ->
    [one] { $rounds } night
   *[other] { $rounds } nights
} (each player dreams once), { $language } elements, { $clue_mode }. Listen to the Fairies, but beware of the Boogeymen and the Sandmen: will the dream be remembered at dawn?
ks-night_started = 🌙 Night { $round }: { $dreamer } is the Dreamer. The dream begins, and the spirits gather at the bedside to whisper clues. Clue order: { $clue_order }. Spirits tonight: { $fairies } × Fairy, { $boogeymen } × Boogeyman, { $sandmen } × Sandman. The sand timer runs for { $seconds } s.
ks-your_role = Night { $round }: your role is **{ $role }**.
ks-element = { $aliases_count ->
    [0] 🎴 Dream card { $card }: **{ $word }**
   *[other] 🎴 Dream card { $card }: **{ $word }** (also: { $aliases })
}
ks-clue_turn = ✏️ { $player }, your clue ({ $seconds } s).
ks-clue_given = Clue from { $player }.
ks-clue_passed = { $player } passes.
ks-clue_skipped = { $player } ran out of time and is skipped.
ks-clue_refused = ❌ The clue "{ $clue }" from { $player } for **{ $word }** is a foul: { $reason }.
ks-card_changed = 🔀 The dream card has changed: { $offender } takes a penalty card.
ks-next_card = ➡️ Next dream card.
ks-guess_judged = { $passed ->
    [yes] Dream card { $card }: the Dreamer passes on **{ $word }**: { $pile }.
   *[no] Dream card { $card }: the Dreamer guesses "{ $guess }" for **{ $word }**: { $pile }.
}
ks-foul_reported = ⚠️ { $reporter } reports a foul clue by { $accused }.
ks-foul_rejected = The foul report against { $accused } is rejected.
ks-foul_lapsed = The foul report against { $accused } lapses: that dream card is gone.
ks-foul_confirmed = The foul by { $offender } is confirmed: **{ $word }** becomes their penalty card.
ks-time_up = ⏳ The sand has run out! No more clues. { $dreamer }, you may make one last guess ({ $seconds } s).
ks-card_unused = The last dream card, **{ $word }**, stays unused.
ks-night_over = { $guessed ->
    [yes] 🌅 The spirits fall silent: the night is over.
   *[no] 🌅 The spirits fall silent: the night is over, and the last dream card stays unused.
}
ks-deck_empty = 🌅 Every dream card of the list has been drawn tonight: the night is over.
ks-recap_open = 💭 { $dreamer }, before you open your eyes, recall your dream: list the elements you guessed in one message ({ $seconds } s).
ks-recap_missed = No recap came in time: no recap bonus.
ks-day_started = ☀️ Day { $round }: { $dreamer } wakes up and takes off the eye mask.
ks-roles_revealed = Roles: { $roles }.
ks-card_revealed = { $result ->
    [yellow] { $card }. **{ $word }** — right ("{ $guess }")
    [blue] { $passed ->
        [yes] { $card }. **{ $word }** — passed
       *[no] { $card }. **{ $word }** — wrong ("{ $guess }")
    }
    [penalty] { $card }. **{ $word }** — penalty card for { $holder }
   *[other] { $card }. **{ $word }** — unused
}
ks-recap_revealed = { $given ->
    [yes] { $bonus ->
        [yes] Recap: "{ $recap }" — every right element recalled: +2 for the Dreamer!
       *[no] Recap: "{ $recap }" — no bonus.
    }
   *[no] No recap, no bonus.
}
ks-round_scores = Night { $round }: { $yellow } right, { $blue } wrong. Points: { $points }. Totals (penalty cards taken off): { $totals }.
ks-next_dreamer = { $player } is the next Dreamer and starts the next night.
ks-player_left = { $player } has left the game.
ks-host_changed = { $player } is now the host.
ks-final_standing = { $rank }. { $player }: { $score } ({ $points } { $points ->
    [one] point
   *[other] points
} − { $penalties } { $penalties ->
    [one] penalty card
   *[other] penalty cards
}){ $left ->
    [yes] , left
   *[no] {""}
}
ks-spare_revealed = Night { $round }: the spare card was { $role }.
ks-game_over = 🏁 Game over ({ $reason }). { $winners_count ->
    [1] Winner: { $winners }.
   *[other] Winners: { $winners }.
} Seed: { $seed }.

ks-dream = Guess the current element (once), or pass.
ks-clue = Your clue: one word.
ks-foul_review = Was it a foul clue? Confirm or reject.
ks-last_guess = Time is up: one last guess, or pass.
ks-recap = Recall your dream: list the elements you guessed.
ks-next_night = Start the next night.

ks-button-guess = Guess
ks-button-pass = Pass
ks-button-clue = Clue
ks-button-report = Report a foul
ks-button-confirm = Confirm foul
ks-button-reject = Reject
ks-button-recap = 📝 Recap
ks-button-start_night = 🌙 Start the night
ks-button-leave = Leave the game
ks-placeholder-accused = Who gave the foul clue?

ks-option-language = Element language
ks-option-clue_mode = Clues
ks-option-clue_seconds = Seconds per clue
ks-option-round_seconds = Seconds per night
ks-option-last_guess_seconds = Seconds for the last guess
ks-option-recap_seconds = Seconds for the recap

ks-error-bad_action = Když sním has no such move.
ks-error-bad_override = The prepared deal or deck is not valid.
ks-error-bad_target = You cannot name that player.
ks-error-wrong_phase = That is not possible in this phase.
ks-error-empty_clue = That message has no letters or digits; it does not count.
ks-error-empty_guess = That guess has no letters or digits; it does not count.
ks-error-foul_pending = Another foul report is being reviewed.
ks-error-no_reviewer = Nobody is left who could review that report.
ks-error-not_a_player = You are not playing in this game.
ks-error-not_clue_giver = Only clue givers can report a foul.
ks-error-not_dreamer = Only the Dreamer can do that.
ks-error-not_in_game = You have left this game.
ks-error-not_reviewer = You are not the one to review this foul.
ks-error-not_your_turn = It is not your turn.
ks-error-stale_card = The dream card has already changed.
ks-error-dreamer_no_clue = The Dreamer gives no clues, only guesses.
ks-error-no_clue_yet = Nobody else has given a clue for this dream card yet, so there is nothing to report.
ks-error-start_night_only = The only thing to do now is to start the next night.
ks-error-host_cannot = The host does not play: the host can remove a player, review a foul when asked to, and start the next night.
ks-error-clue_or_pass = On your clue turn you can give a clue or pass.
ks-error-guess_or_pass = The Dreamer can guess the dream card or pass.
ks-error-confirm_or_reject = A foul report can only be confirmed or rejected.
ks-error-recap_only = It is time for the recap: list the elements you guessed this night.

## Discord presentation (cogs/kdyz_snim/presenter.py)

ks-quoted = “{ $text }”
ks-value-card = card { $card }
ks-input-text = Your word(s)
ks-button-giver_clue = ✏️ Give a clue
ks-button-giver_pass = Pass my turn
ks-button-dreamer_guess = 💭 Guess
ks-button-dreamer_pass = Pass this card
ks-button-last_guess = 💭 Last guess
ks-button-last_pass = No last guess

ks-night-dreamer = 💭 { $dreamer } is dreaming; dream card { $card } is in play. Dreamer: press **Guess** when you think you know it (one guess per card), or pass the card.
ks-night-dreamer_text = 💭 { $dreamer } is dreaming. Dreamer: your **Guess** and **Pass this card** buttons are on each dream card's message below (one guess per card).
ks-night-voice = 🎙️ Clues are spoken in the voice channel, one word each, in this order: { $order }.
ks-turn = ✏️ { $player }, your clue for dream card { $card }: one word, or pass.
ks-turn-clue = 💬 **{ $player }**: { $clue }
ks-turn-passed = ⏭️ { $player } passes.
ks-turn-skipped = ⌛ { $player } ran out of time.
ks-turn-refused = ❌ The clue from { $player } broke the rules and is not shown.
ks-turn-over = ✏️ No clue from { $player } for this card.
ks-turn-none = 🎴 Dream card { $card }: no clues.
ks-turn-closed = 🎴 Dream card { $card }:
ks-last_guess-prompt = ⏳ The sand has run out: no more clues. { $dreamer }, one last guess on dream card { $card }, or pass.
ks-recap-prompt = 💭 { $dreamer }, before you open your eyes, recall your dream: press **Recap** and list the elements you guessed tonight, separated by commas.
ks-next_night-prompt = ☀️ { $player } is the next Dreamer: press **Start the night** when everyone is ready. The host can also start it from `/game host`.

ks-review-prompt = ⚖️ { $reporter } reports a foul clue by { $accused } on dream card { $card }.
ks-review-voice = The clues were spoken in voice.
ks-review-clues = Clues from { $accused } on this card: { $clues }
ks-review-ask = Confirm if a clue broke the rules (more than one word, the element itself, a translation or the same stem): the card then becomes a penalty card for { $accused }. Otherwise reject the report.

ks-dm-role = 🌙 **Night { $round }**: you come to the dream as a **{ $role }**. { $help }
ks-dm-no_card = 🌅 The clues are over: the Dreamer is recalling the dream.
ks-dm-tally = 📜 This night so far: 🟡 right: { $yellow } · 🔵 wrong or passed: { $blue } · 🟥 penalty cards: { $penalty }
ks-dm-card-yellow = { $card }. **{ $word }** — 🟡 right: “{ $guess }”
ks-dm-card-blue = { $card }. **{ $word }** — 🔵 wrong: “{ $guess }”
ks-dm-card-passed = { $card }. **{ $word }** — 🔵 passed
ks-dm-card-penalty = { $card }. **{ $word }** — 🟥 penalty card for { $holder }
ks-dm-card-unused = { $card }. **{ $word }** — ⚪ unused
ks-dm-older = … and { $count } earlier { $count ->
    [one] card
   *[other] cards
}
ks-dm-over = 🌅 Night { $round } is over: the reveal is in the game thread.
ks-dm-left = You have left the game; you get no more dream cards.
ks-mine-dreamer = 💭 Night { $round }: you are the **Dreamer**. { $help }

ks-ack-guess = 💭 Your guess “{ $text }” is in.
ks-ack-pass = ⏭️ Passed.
ks-ack-clue = ✏️ Sent: “{ $text }”.
ks-ack-recap = 📝 Your recap is in.
ks-ack-report = 🚩 Your report against { $accused } goes to review.
ks-answer-refused = ❌ Your clue “{ $clue }” broke the rules ({ $reason }): the dream card became your penalty card and changed.
ks-typed-notice = { $mode ->
    [voice] ⌨️ You may also type in this thread: the Dreamer's guesses (each is deleted at once) and the morning recap. During the recap, everyone else's messages are deleted. A message edited by the Dreamer during the night, or by anyone else during the recap, is deleted too.
   *[text] ⌨️ You may also type in this thread: your clue when the bot names you (or “{ $pass_word }” to pass), the Dreamer's guesses (each is deleted at once) and the morning recap. During the night and the recap, other messages are deleted, and so is any message edited then (a clue stays listed as it was first typed).
}

ks-summary-roles = 🎭 Roles: { $roles }
ks-summary-yellow = 🟡 Yellow pile, guessed right ({ $count }): { $cards }
ks-summary-blue = 🔵 Blue pile, wrong or passed ({ $count }): { $cards }
ks-summary-penalty = 🟥 Penalty cards ({ $count }): { $cards }
ks-summary-unused = ⚪ Unused ({ $count }): { $cards }
ks-summary-guess = **{ $word }** (“{ $guess }”)
ks-summary-passed = **{ $word }** (passed)
ks-summary-held = **{ $word }** ({ $holder })
ks-summary-points = 📊 Points this night: { $points }
ks-summary-totals = 🏅 Totals (penalty cards taken off): { $totals }
ks-summary-left = left
ks-summary-penalties = { $count ->
    [one] { $count } penalty card
   *[other] { $count } penalty cards
}

ks-final-title = 🏁 **Game over**: { $reason }.
ks-final-winners = 🏆 { $count ->
    [one] Winner: { $winners }
   *[other] Shared win: { $winners }
}
ks-final-tie = ⚖️ Tied scores: fewer penalty cards rank higher; players still level share the place.
ks-final-spares = 🃏 Spare cards: { $spares }
ks-final-spare = night { $round }: { $role }
ks-final-seed = 🎲 Seed: { $seed }

ks-status = Night { $round } · { $phase } · Dreamer: { $dreamer }
ks-status-card = Dream card { $card } is in play.
ks-status-giver = Clue turn: { $player }.
ks-phase-night = dreaming
ks-phase-last_guess = last guess
ks-phase-recap = recap
ks-phase-day = day
ks-phase-over = game over

ks-error-game_over = The game is over.
ks-error-stale_prompt = Too late: that choice has closed and the game has moved on.

# KS-30: the closing scene of the last morning
ks-final-scene = 🌄 The last morning comes, and the spirits slip away with the light. The final tally:
# the first private message, when a player joins the lobby
ks-dm_hello = 👋 You are in. Each night your spirit card (Fairy, Boogeyman or Sandman) and the dream cards come here, except on the night you are the Dreamer.
