## Computer players (bot/computers.py, the lobby's Computers panel in cogs/lobby_panel.py, /game history).

computers-name = 🤖 Bot { $number } · { $level }
computers-level-easy = easy
computers-level-normal = normal
computers-level-hard = hard
computers-about-easy = Plays by rules of thumb: quick and sensible, easy to beat.
computers-about-normal = Thinks a few moves ahead over what it cannot see.
computers-about-hard = Thinks longer and deeper: a real opponent.
computers-button = 🤖 Computers
computers-panel = Fill an empty seat with a computer player, or take one away. A computer sees only what a person in its seat would see and moves at a person's pace. To watch a game of computers only, press Leave to give up your own seat and fill the table with computers.
computers-add = Add a computer at level…
computers-remove = Take a computer away…
computers-added = { $player } takes a seat.
computers-removed = { $player } has left the table.
computers-full = Every seat is taken.
computers-gone = That computer is no longer at the table.
computers-not_here = Computers do not play this game.
computers-history = with computers: { $players } (not counted in stats)
