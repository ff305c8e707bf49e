## Night Watch — Mafia on Babylon 5. Event keys are "nw.<event>"; see engines/night_watch.

nw-name = Night Watch
nw-tagline = Mafia on Babylon 5, 2260. The station sleeps; the Night Watch does not.
nw-recommended = Recommended: 10 or more players.

nw-role-citizen = Station resident
nw-role-watch = Night Watch officer
nw-role-wells = Mr Wells — Head of the Night Watch
nw-role-garibaldi = Michael Garibaldi — Chief of Security
nw-role-zack = Zack Allan — Deputy Chief
nw-role-bester = Alfred Bester — Psi Cop
nw-role-franklin = Dr Franklin — Head of MedLab

nw-role-help-citizen = You have no night power. Find the Night Watch and jail them by day.
nw-role-help-watch = Each night, agree with the Watch on a victim. By day, pass for a resident.
nw-role-help-wells = You lead the Watch: propose the victim, and each night check whether a player is Security.
nw-role-help-garibaldi = Each night, check one player: are they Night Watch? (The Psi Cop reads as no.)
nw-role-help-zack = Each night you may shoot one player. Careful: you might hit your own side.
nw-role-help-bester = You play alone. Each night you may shoot one player. Be the last one left alive.
nw-role-help-franklin = Each night, pick one player (not yourself): they survive every shot tonight.

## The one word a host types for each role in the lobby's role counts form (watch=2 citizen=5).
nw-count-citizen = citizen
nw-count-watch = watch
nw-count-wells = wells
nw-count-garibaldi = garibaldi
nw-count-zack = zack
nw-count-bester = bester
nw-count-franklin = franklin

nw-team-station = the station
nw-team-watch = the Night Watch
nw-team-bester = the Psi Cop

nw-task-kill = Watch victim
nw-task-check = Check
nw-task-shoot = Shoot
nw-task-save = Save

nw-game_started = Night Watch begins with { $players_count ->
    [one] { $players_count } player
   *[other] { $players_count } players
}. Roles in play: { $roles }. Each player gets their role privately.
nw-your_role = Your role: **{ $role }**.
nw-watch_introduced = 🌑 The introduction night: the Night Watch meets in secret and learns its own: { $members }. Agree on your victims here, at night; by day, pass for residents.
nw-dawn = { $dead_count ->
    [0] ☀️ Day { $day }. The station wakes up. Everyone made it through the night: nobody died.
   *[other] ☀️ Day { $day }. The station wakes up to bad news. Found dead: { $dead }.
}
nw-discussion_opened = 🗣️ Discussion: who among you is the Night Watch? Press "Ready to vote" when you are done; the vote opens when { $needed ->
    [one] { $needed } living player is
   *[other] { $needed } living players are
} ready.
nw-ready = { $count } of { $needed } ready to vote.
nw-vote_opened = 🗳️ The vote begins: who goes to jail? Pick one living player; you can change your vote until the vote closes.
nw-vote_cast = { $voter } votes for { $target }.
nw-jailed = ⛓️ { $player } is jailed. The cell door shuts.
nw-nobody_jailed = Nobody voted. Nobody is jailed today.
nw-role_revealed = The role of { $player } is revealed: { $role }.
nw-night_falls = 🌙 Night { $night }. The station falls asleep; the night is played in your DMs.
nw-player_left = { $player } has left the game.
nw-watch_proposal = { $player } proposes { $target } as the victim.
nw-watch_no_proposal = { $player } proposes no victim tonight.
nw-check_watch = { $result ->
    [yes] 🔍 The narrator nods: { $target } IS Night Watch.
   *[no] 🔍 The narrator shakes their head: { $target } is not Night Watch.
}
nw-check_security = { $result ->
    [yes] 🔍 The narrator nods: { $target } IS Security.
   *[no] 🔍 The narrator shakes their head: { $target } is not Security.
}
nw-game_over = { $winners_count ->
    [0] 🏁 Game over: { $outcome }.
   *[other] 🏁 Game over: { $outcome }. Winners: { $winners }.
}
nw-outcome-station_wins = the station wins
nw-outcome-watch_wins = the Night Watch wins
nw-outcome-psi_cop_wins = the Psi Cop wins
nw-outcome-nobody_alive = nobody is left alive: a draw
nw-outcome-stalemate = three quiet days and nights: a draw

nw-prompt-discussion = Discuss, then press "Ready to vote".
nw-prompt-vote = Vote for the player to jail.
nw-prompt-night = Night { $night }: choose your target.
nw-button-ready = Ready to vote
nw-button-skip = Skip
nw-label-skip-task = Nobody tonight
nw-placeholder-target = Choose a player…
nw-reveal-title = Full reveal
nw-reveal-night = Night { $night }: { $actions }
nw-reveal-action = { $player } ({ $role }): { $task } → { $target }
nw-reveal-skipped = { $player } ({ $role }): { $task } — no action
nw-reveal-vote = Day { $day }: { $votes } → jailed: { $jailed }
nw-reveal-seed = Seed: { $seed }

nw-error-wrong_phase = That is not possible in this phase.
nw-error-already_done = You have already done that.
nw-error-bad_target = { $target ->
    [yourself] You cannot vote for yourself.
   *[other] You cannot pick that player.
}
nw-error-not_alive = Eliminated players take no more actions.
nw-error-bad_roles = { $rule ->
    [no_watch] At least one Night Watch member is needed.
    [garibaldi] There must be exactly one Garibaldi.
    [unique] There can be at most one of each special role.
    [citizen] At least one station resident is needed.
   *[sum] The roles add up to { $total }, but { $count ->
        [one] { $count } player is
       *[other] { $count } players are
    } seated.
}
nw-error-bad_action = Your role cannot do that.
nw-error-bad_override = The dealt roles are not valid.

nw-voted = Votes cast: { $count } of { $total }.
nw-status = Day { $day }, { $phase }. In the game: { $alive }. Out: { $out }.
nw-phase-discussion = discussion
nw-phase-vote = vote
nw-phase-night = night
nw-phase-over = game over
nw-you_are_out = You are out of the game; you can still watch.
nw-option-discussion_seconds = Discussion
nw-option-vote_seconds = Vote
nw-option-night_seconds = Night
nw-option-reveal_roles = Reveal roles of the dead
nw-option-roles = Role counts
nw-button-vote = Vote
nw-button-kill = Watch victim
nw-button-check = Check
nw-button-shoot = Shoot
nw-button-save = Save
nw-prompt-sleep = 🌙 Night { $night }: you have no night task. Close your eyes and sleep; the station wakes at dawn.

# NW-10, NW-11: the closed vote, with every vote
nw-vote_closed = 🗳️ The vote is closed. Final tally:
nw-vote_tie = It was a tie: { $players } had { $votes } { $votes ->
    [one] vote
   *[other] votes
} each, and the lot fell on { $player }.
# NW-21: how each role's side wins
nw-role-goal-citizen = You win with the station when no Night Watch member is left alive.
nw-role-goal-garibaldi = You win with the station when no Night Watch member is left alive.
nw-role-goal-zack = You win with the station when no Night Watch member is left alive.
nw-role-goal-franklin = You win with the station when no Night Watch member is left alive.
nw-role-goal-watch = You win with the Night Watch when every living player is one of the Watch.
nw-role-goal-wells = You win with the Night Watch when every living player is one of the Watch.
nw-role-goal-bester = You win alone, as the last one alive.
nw-what_next = What happens next: on the first night the Night Watch meet in their private thread. Then each day the station talks in the game thread and votes one player into jail, and each night every living player gets a DM (the night powers act there, everyone else sleeps).

# NW-6, NW-8: the first dawn follows the introduction night, when nobody can die
nw-dawn_first = ☀️ Day { $day }. The station wakes up. The first night was only for introductions: the Night Watch now know each other, and from tonight they hunt.
# NW-12: what the narrator says as each role wakes (the seed's «Проснулся Гарибальди»), with the task
nw-wake-watch = 🌙 Night { $night }. The Night Watch wakes up: choose tonight's victim, without a word.
nw-wake-wells = 🌙 Night { $night }. The Night Watch wakes up, and you lead it, Mr Wells: choose tonight's victim, then choose one player to check: Security or not?
nw-wake-garibaldi = 🌙 Night { $night }. Garibaldi wakes up: choose one player to check: Night Watch or not? (The Psi Cop reads as no.)
nw-wake-zack = 🌙 Night { $night }. Zack Allan wakes up: choose one player to shoot, or hold your fire.
nw-wake-bester = 🌙 Night { $night }. The Psi Cop wakes up and goes hunting: choose one player to shoot, or hold your fire.
nw-wake-franklin = 🌙 Night { $night }. Dr Franklin wakes up in MedLab: choose one player (not yourself) to save from tonight's shots.
nw-ack-skip = ✅ { $task }: nobody tonight.
nw-ack-task = ✅ { $task }: { $target }
# NW-21: the closing scene, by outcome
nw-ending-station_wins = The last of the Night Watch is gone. For the first time in weeks, Babylon 5 sleeps in peace.
nw-ending-watch_wins = Nobody on the station is left to stand against the Night Watch. Babylon 5 is theirs now.
nw-ending-psi_cop_wins = The corridors are silent. Only the Psi Cop is left standing.
nw-ending-nobody_alive = The corridors of Babylon 5 are empty: nobody is left alive.
nw-ending-stalemate = Three days and nights pass with no verdict and no death; the station settles into an uneasy truce.
# the first private message, when a player joins the lobby
nw-dm_hello = 👋 You are in. When the game starts, your role comes here; then every night brings a message here too: your night task, or a quiet night's sleep.

# NW-5: who the role is on the station, from the seed's character notes (said once, in the role's DM)
nw-role-story-citizen = 🏠 Babylon 5 has had enough of the Night Watch's lawlessness, and so have you.
nw-role-story-watch = 🌑 When night falls, the Watch gathers and picks whom it likes least.
nw-role-story-wells = 🌑 A high official with special powers, and secretly the head of the Night Watch.
nw-role-story-garibaldi = 🛡️ The residents' great hope: the Chief of Security.
nw-role-story-zack = 🔫 You have a grudge against the Night Watch and your own way of settling it. Be careful: you could hit an innocent resident, or your own chief.
nw-role-story-bester = 🧠 Obsessed with getting rid of the "mundanes", you are neither Watch nor resident: you play for yourself alone.
nw-role-story-franklin = 🩺 A humanist, ready to save any life, even a Night Watch member's.
