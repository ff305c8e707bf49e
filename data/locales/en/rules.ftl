## Short rules for /game rules: one Discord message each, under the line with the game's name and player count that
## the bot prints itself. The full player guides are docs/rules/en/<game>.md.
## A continuation line must not start with "*", "[" or ".", so bold section names follow an emoji.

nw-rules =
    The station hunts the hidden Night Watch; the Watch hunts the station.
    ☀️ **Day:** dawn names who died in the night. Talk, press **Ready to vote**, then pick one living player in the vote. The player with the most votes goes to jail; a tie is drawn at random.
    🌙 **Night:** every player with a power gets a private message, and all act at once:
    • the Night Watch agrees on a victim in its private thread;
    • Garibaldi checks whether a player is Night Watch; Wells checks whether a player is Security;
    • Zack and Bester may each shoot one player;
    • Dr Franklin picks one player who survives every shot tonight.
    🏁 **Winning:** the station wins when no Watch member is left; the Watch wins when only the Watch is alive; Bester wins as the last one standing. Three days and nights without an elimination end in a draw.
    📩 Your role comes by private message; if your DMs are closed, use `/game mine` here. Everything is revealed at the end.

ks-rules =
    Everyone is the **Dreamer** once. The Dreamer never sees the dream cards; the others get a secret role and the current word by private message.
    🌙 **Night:** in turn, each player types a one-word clue (or passes). The Dreamer may guess each word once, at any moment; nobody says whether the guess was right. When the time runs out, the Dreamer gets one last guess.
    🎙️ **Voice mode:** the clues are spoken in a voice channel, in the order the bot shows; the bot still sends the words, runs the sand timer, takes the guesses and keeps the score.
    🎭 **Roles:**
    • Fairy: 1 point per word guessed right (the Dreamer scores the same);
    • Boogeyman: 1 point per word guessed wrong or passed;
    • Sandman: most points when right and wrong are level.
    ⚠️ **Foul clues:** a clue of more than one word, or the word itself, its translation or a word of the same stem, costs its giver a penalty card (−1 at the end), and the word changes. The bot checks typed clues; report any foul it misses.
    ☀️ **Day:** the Dreamer lists the words they got right in one message; recalling them all earns +2. Then roles, words and points are revealed.
    🏁 **Winning:** once everyone has dreamt, the highest score wins; fewer penalty cards break a tie.
    📩 If your DMs are closed, use `/game mine` here.

gh-rules =
    Explore your haunted house from floor 1 to floor 3 and be the first to get out. Each floor has 2 room slots; you hold 3 cards, seen only by you.
    🎲 **On your turn, do one thing:**
    • lay rooms (floor-1 rooms on floor 1, and so on; lower floors must be full first);
    • send a ghost to a room on an opponent's top floor;
    • put a cat on one of your rooms to guard it;
    • light a floor by discarding cards worth 5 bulbs;
    • play a special card;
    • discard cards face down and draw as many.
    Then draw back up to 3.
    👻 **Ghosts:** a cat on the room, or one played from your hand, stops the ghost. On a dark floor a ghost wipes the floor; on a lit floor it waits, and a second ghost there wipes it.
    🏁 **Escape:** once all six rooms are filled, each opponent may send a ghost at your top floor (two in a 2-player game). If your house is still complete, you win.
    📩 Your hand comes by private message; if your DMs are closed, use `/game mine` here.

mn-rules =
    A surreal lucid dream on a 4×4 board of locations; the bot is the Director. Wake up by activating the **Bridge**.
    🎲 **Your turn:** 2 actions, then draw back up to 5 cards.
    • Sleepwalk (1): step along an arrow of your location;
    • Vertigo (1): move or turn your location or a neighbouring one;
    • Midnight Star (1): activate your location;
    • Suspense + another card (2): set a hidden trap; spring it later, at any moment.
    ⚡ **Reactions:** after any card played, the others may cancel it with Dutch Angle or snatch it with Dream Catcher, for one action off their next turn.
    🗺️ **Locations:** Forest (go anywhere), Square (take from the discard), Motel (take from a hand), Restaurant (shuffle hands near the Bridge), Town Hall (ends nightmares), Bridge (wake up and win).
    😱 **Nightmares** fire when drawn. While you hold one, you cannot wake. Whoever draws the Black one becomes the **Midnight Horror** and wins by activating the Town Hall.
    📩 Your hand and traps come by private message; if your DMs are closed, use `/game mine` here.

mh-rules =
    Hex tactics, one against one or two against two: Hunters against Darkness.
    📜 **Draft:** pick 4 unit types (3 each in 2 vs 2). Each type puts 2 tokens in your bag and the rest in your supply; your Seal goes in the bag too.
    🎲 **Round:** draw 3 tokens from your bag, then take turns playing one token at a time. A token acts for its unit:
    • off the board: deploy it on a free location your side controls;
    • on the board: bolster the stack, move, attack, capture the location it stands on, or use its tactic.
    Every hit removes one token from a stack for good.
    🔑 **Seal:** played face down to take the initiative, recruit a token from your supply, or pass; nobody learns which.
    🏁 **Winning:** hold 6 locations (8 in 2 vs 2) right after a capture. Surrendering, leaving or running out of time loses.
    📩 Your hand comes privately; if your DMs are closed, use `/game mine` here. The board is drawn as an image.
