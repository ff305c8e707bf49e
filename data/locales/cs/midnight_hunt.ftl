## Půlnoční hon — taktika na hexech 1 na 1 / 2 na 2 s pytlem žetonů. Klíče událostí "mh.<událost>".

mh-name = Půlnoční hon
mh-tagline = Vyber si jednotky, táhni žetony z pytle, drž lokace.
mh-recommended = Pro 2 hráče (1 na 1) nebo 4 hráče (2 na 2).

mh-mode-1v1 = 1 na 1
mh-mode-2v2 = 2 na 2
mh-side-A = strana A (červená)
mh-side-B = strana B (fialová)
mh-side-none = nikdo
mh-previous-A = strana A
mh-previous-B = strana B
mh-previous-neutral = neutrální
mh-faction-hunters = 🗡️ Lovci
mh-faction-darkness = 🌑 Temnota

mh-unit-archer = Lučištník
mh-unit-crossbowman = Kušiník
mh-unit-uhlan = Hulán
mh-unit-cavalry = Jízda
mh-unit-light_cavalry = Lehká jízda
mh-unit-spearman = Kopiník
mh-unit-knight = Rytíř
mh-unit-swordsman = Šermíř
mh-unit-necromancer = Nekromant
mh-unit-seal = Pečeť
mh-name-archer = { mh-unit-archer }
mh-name-crossbowman = { mh-unit-crossbowman }
mh-name-night_shooter = Noční střelec
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
mh-token-seal = 🔑 Pečeť
mh-seal-seal_of_the_order = 🔑 Pečeť Řádu
mh-seal-seal_of_the_abyss = 🔑 Pečeť Propasti

mh-how-attack = útok
mh-how-move = pohyb
mh-how-shot = Výstřel
mh-how-aimed_shot = Mířený výstřel
mh-how-piercing_strike = Průrazný úder
mh-how-charge = Výpad
mh-how-dash = Trysk
mh-choice-initiative = Převzít iniciativu
mh-choice-recruit = Naverbovat
mh-choice-pass = Vynechat tah
mh-reason-control = ovládnutí lokací
mh-reason-surrender = vzdání
mh-reason-abandoned = hráč se nevrátil
mh-reason-time = došel čas na hodinách
mh-reason-stalemate = pat

mh-draft = { $player }, vyber typ jednotky.
mh-turn = { $player }, zahraj žeton ({ $round }. kolo).
mh-rejoin = { $player } odešel: stiskni Vrátit se.

mh-game_started = Půlnoční hon, { $mode }. Frakce: { $factions }. Začíná { $first } ({ $side }).
mh-drafted = { $player } si bere jednotku: { $name }.
mh-draft_done = Výběr skončil: { $units }.
mh-round_started = { $round }. kolo: vede { $side }, začíná { $first }.
mh-drew = { $player } táhne { $count ->
    [one] { $count } žeton
    [few] { $count } žetony
    [many] { $count } žetonu
   *[other] { $count } žetonů
} (v ruce: { $hand }).
mh-hand = Tvoje ruka: { $tokens }.
mh-reshuffled = { $player } vrací do pytle { $count ->
    [one] { $count } žeton
    [few] { $count } žetony
    [many] { $count } žetonu
   *[other] { $count } žetonů
} z odhazovací hromádky.
mh-deployed = { $player } nasazuje jednotku { $name } na { $hex }.
mh-bolstered = { $player } posiluje jednotku { $name } na { $hex } (stoh { $stack }).
mh-moved = { $player }: { $name } ({ $how }) { $from } → { $to }.
mh-attacked = { $player }: { $name } ({ $how }) z { $hex } zasahuje jednotku { $victim_name } hráče { $victim } na { $target }: zbývá { $left }.{ $counter ->
    [yes] { " " }Protiúder! Útočníkovi zbývá { $stack }.
   *[no] {""}
}
mh-destroyed = Jednotka { $name } hráče { $player } na { $hex } je zničena.
mh-fee = { $name } hráče { $player } platí za útok: { $paid } do odhazovací hromádky (stoh { $stack }).
mh-controlled = { $player }: { $name } obsazuje { $location } (předtím: { $previous }); ovládá { $count ->
    [one] { $count } lokaci
    [few] { $count } lokace
    [many] { $count } lokace
   *[other] { $count } lokací
}.
mh-forfeited = { $player } odhazuje žeton { $name } (žádný možný tah).
mh-seal_played = { $player }: ***
mh-seal_chosen = Tvoje Pečeť: { $choice } { $unit } (platí na konci kola).
mh-round_ended = { $round }. kolo skončilo. Příští kolo vede { $side }{ $changed ->
    [yes] { " " }(iniciativa přešla).
   *[no] .
}
mh-left = { $player } opustil hru: na návrat má { $seconds ->
    [one] { $seconds } sekundu
    [few] { $seconds } sekundy
    [many] { $seconds } sekundy
   *[other] { $seconds } sekund
}.{ $idle ->
    [yes] { " " }(příliš dlouho nehrál)
   *[no] {""}
}
mh-rejoined = { $player } je zpět.
mh-game_over = Konec hry ({ $reason }). Vítězové: { $winners }.

mh-error-not_a_player = Diváci nemohou hrát.
mh-error-bad_action = Takový tah v Půlnočním honu není.
mh-error-away = Opustil jsi hru: nejdřív stiskni Vrátit se.
mh-error-not_away = Hru jsi neopustil.
mh-error-not_your_turn = Nejsi na tahu.
mh-error-wrong_prompt = Odpověz na výzvu svého tahu.
mh-error-bad_elapsed = Uplynulý čas musí být celý počet sekund, 0 nebo víc.
mh-error-wrong_phase = Probíhá výběr: vyber typ jednotky.
mh-error-not_in_hand = Ten žeton nemáš v ruce.
mh-error-illegal_play = Takový tah teď není možný.
mh-error-bad_unit = Tuto jednotku si vybrat nelze.
mh-error-bad_override = Neplatné nastavení scénáře.
mh-error-player_count = Půlnoční hon hrají 2 hráči (1 na 1) nebo 4 hráči (2 na 2).
mh-error-bad_option = Neplatné nastavení.

## Obrázek hracího plánu (cogs/midnight_hunt/board.py) a jeho popis pro čtečky obrazovky.
mh-board-letter-A = A
mh-board-letter-B = B
mh-board-abbr-archer = Lu
mh-board-abbr-crossbowman = Ku
mh-board-abbr-night_shooter = NS
mh-board-abbr-uhlan = Hu
mh-board-abbr-cavalry = Jí
mh-board-abbr-light_cavalry = LJ
mh-board-abbr-spearman = Ko
mh-board-abbr-knight = Ry
mh-board-abbr-swordsman = Še
mh-board-abbr-necromancer = Ne
mh-board-draft = Výběr jednotek
mh-board-round = { $round }. kolo
mh-board-game-over = Konec hry:
mh-board-over-win = vyhrává { $side } — { $reason }.
mh-board-over-draw = remíza — { $reason }.
mh-board-to-play = Na tahu:
mh-board-to-pick = Vybírá:
mh-board-initiative = Iniciativa:
mh-board-held = Lokace:
mh-board-to-win = k vítězství { $count }
mh-board-seal-rounds = { $count ->
    [one] { $count } kolo po sobě jen Pečetě
    [few] { $count } kola po sobě jen Pečetě
    [many] { $count } kola po sobě jen Pečetě
   *[other] { $count } kol po sobě jen Pečetě
}
mh-board-clock = hodiny
mh-board-away = mimo hru
mh-board-acting = na tahu
mh-board-bag = pytel { $count }
mh-board-hand = ruka { $count }
mh-board-face-down = skrytě v odhozu { $count }
mh-board-col-unit = Jednotka
mh-board-col-board = Stoh
mh-board-col-supply = Zásoba
mh-board-col-discard = Odhoz
mh-board-col-dead = Padlé
mh-board-no-units = Zatím žádné jednotky
mh-board-legend-neutral = neutrální lokace
mh-board-legend-necropolis = Nekropole: obsadí ji jen Nekromant
mh-board-legend-stack = výška stohu
mh-board-legend-hex = hex
mh-board-alt-draft = Hrací plán Půlnočního honu, { $mode }, probíhá výběr jednotek.
mh-board-alt-round = Hrací plán Půlnočního honu, { $mode }, { $round }. kolo.
mh-board-alt-to-play = Na tahu: { $player } (místo { $seat }).
mh-board-alt-to-pick = Jednotku vybírá: { $player } (místo { $seat }).
mh-board-alt-initiative = Iniciativa: { $side }.
mh-board-alt-held = Ovládané lokace: A { $a }, B { $b }; k vítězství je potřeba { $count ->
    [one] { $count } lokace
    [few] { $count } lokace
    [many] { $count } lokace
   *[other] { $count } lokací
}.
mh-board-alt-holds = { $side } drží { $locations }
mh-board-alt-neutral = neutrální: { $locations }
mh-board-alt-units = Jednotky na plánu: { $units }
mh-board-alt-unit = { $seat } { $unit }, stoh { $stack }, na { $hex }
mh-board-alt-none = žádné
mh-board-alt-seat = { $seat } { $player } ({ $faction }):
mh-board-alt-drafted = vybráno: { $units }
mh-board-alt-counts = v pytli { $bag ->
    [one] { $bag } žeton
    [few] { $bag } žetony
    [many] { $bag } žetonu
   *[other] { $bag } žetonů
}, v ruce { $hand }, skrytě v odhazovací hromádce { $hidden }.
mh-board-alt-tokens = Zásoba: { $supply }. Odhoz: { $discard }. Padlé: { $dead }.
mh-board-alt-supply = Zásoba: { $supply }.
mh-board-alt-clock = Hodiny: { $time }.
mh-board-alt-away = Mimo hru.
mh-board-picked = vybráno { $count } z { $total }
