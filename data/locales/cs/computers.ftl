## Počítačoví hráči (bot/computers.py, panel „Počítače“ v lobby, /game history).

computers-name = 🤖 Bot { $number } · { $level }
computers-level-easy = lehký
computers-level-normal = střední
computers-level-hard = těžký
computers-about-easy = Hraje podle jednoduchých pravidel: rychle a rozumně, snadno se dá porazit.
computers-about-normal = Promýšlí několik tahů dopředu, i s tím, co nevidí.
computers-about-hard = Přemýšlí déle a hlouběji: skutečný soupeř.
computers-button = 🤖 Počítače
computers-panel = Posaďte na volné místo počítačového hráče, nebo ho odeberte. Počítač vidí jen to, co je z jeho místa vidět, stejně jako člověk, a hraje lidským tempem. Chcete-li sledovat hru samotných počítačů, uvolněte tlačítkem „Odejít“ své místo a obsaďte stůl počítači.
computers-add = Přidat počítač úrovně…
computers-remove = Odebrat počítač…
computers-added = { $player } si sedá ke stolu.
computers-removed = { $player } odchází od stolu.
computers-full = Všechna místa jsou obsazená.
computers-gone = Tento počítač už u stolu nesedí.
computers-not_here = Tuto hru počítače nehrají.
computers-history = s počítači: { $players } (nezapočítává se do statistik)
