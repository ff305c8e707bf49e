## Půlnoční hon — taktika na hexech 1 na 1 / 2 na 2 s pytlem žetonů. Klíče událostí "mh.<událost>".

mh-name = Půlnoční hon
mh-tagline = Vyberte si jednotky, táhněte žetony z pytle, držte lokace.
mh-recommended = Pro 2 hráče (1 na 1) nebo 4 hráče (2 na 2).
mh-lobby-joined = Jste v honu. Až začne, výběr jednotek, vaše ruka a vaše tahy přijdou soukromou zprávou; hrací plán je ve vlákně hry.
mh-dm_hello = 👋 Jste v honu. Výběr jednotek, vaše žetony a vaše tahy budou chodit sem, do této konverzace; hrací plán je ve vlákně hry.

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
mh-unit-crossbowman = Kušník
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

mh-how-attack = zblízka
mh-how-move = Krok
mh-how-shot = Výstřel
mh-how-aimed_shot = Mířený výstřel
mh-how-piercing_strike = Průrazný úder
mh-how-charge = Výpad
mh-how-dash = Trysk
mh-choice-initiative = Převzít iniciativu
mh-choice-recruit = Naverbovat
mh-choice-pass = Vynechat tah
mh-reason-control = ovládnutí lokací
mh-reason-surrender = druhá strana se vzdala
mh-reason-abandoned = čas na návrat vypršel
mh-reason-time = na hodinách už nezbývá čas
mh-reason-stalemate = pat

mh-draft = { $player }, vyberte typ jednotky.
mh-turn = { $player }, zahrajte žeton ({ $round }. kolo).
mh-rejoin = { $player } opouští hru: stiskněte Vrátit se.

mh-game_started = Půlnoční hon, { $mode }. Frakce: { $factions }. První na tahu: { $first } ({ $side }).
mh-drafted = Do honu se přidává jednotka { $name } hráče { $player }.
mh-draft_done = Výběr je u konce: { $units }.
mh-round_started = 🌙 { $round }. kolo. Vede { $side }, jako první hraje { $first }.
mh-drew = { $player } táhne z pytle { $count ->
    [one] { $count } žeton
    [few] { $count } žetony
    [many] { $count } žetonu
   *[other] { $count } žetonů
} (v ruce: { $hand }).
mh-hand = Vaše ruka: { $tokens }.
mh-reshuffled = Pytel hráče { $player } je prázdný: z odhazovací hromádky se do něj vrací { $count ->
    [one] { $count } žeton
    [few] { $count } žetony
    [many] { $count } žetonu
   *[other] { $count } žetonů
}.
mh-deployed = { $player } posílá jednotku { $name } do pole, na hex { $hex }.
mh-bolstered = { $player } posiluje jednotku { $name } na hexu { $hex }: stoh má teď { $stack }.
mh-moved = { $how }: jednotka { $name } hráče { $player } přechází z hexu { $from } na hex { $to }.
mh-stepped = Jednotka { $name } hráče { $player } přechází z hexu { $from } na hex { $to }.
mh-attacked = ⚔️ Jednotka { $name } hráče { $player } z hexu { $hex } zasahuje ({ $how }) jednotku { $victim_name } hráče { $victim } na hexu { $target }: { $left ->
    [0] ve stohu nezbývá ani žeton.
   *[other] ve stohu jí zbývá { $left }.
}{ $counter ->
    [yes] { " " }Protiúder! { $stack ->
        [0] Útočník přichází o poslední žeton.
       *[other] Útočníkovi zbývá { $stack }.
    }
   *[no] {""}
}
mh-destroyed = 💀 Jednotka { $name } hráče { $player } na hexu { $hex } padla.
mh-fee = Jednotka { $name } hráče { $player } platí za výstřel: { $paid ->
    [one] { $paid } žeton
    [few] { $paid } žetony
    [many] { $paid } žetonu
   *[other] { $paid } žetonů
} na odhazovací hromádku, ve stohu zbývá { $stack }.
mh-controlled = 🚩 Jednotka { $name } hráče { $player } vztyčuje korouhev nad lokací { $location } (předtím: { $previous }); strana ovládá { $count ->
    [one] { $count } lokaci
    [few] { $count } lokace
    [many] { $count } lokace
   *[other] { $count } lokací
}.
mh-forfeited = { $player } odhazuje žeton { $name }: nemá s ním žádný možný tah.
mh-seal_played = 🔑 { $player } tajně láme Pečeť: její moc se projeví na konci kola.
mh-seal_chosen = Vaše Pečeť: { $choice } { $unit } (platí na konci kola).
mh-round_ended = 🌘 { $round }. kolo končí. Příští kolo vede { $side }{ $changed ->
    [yes] : iniciativa přechází na druhou stranu.
   *[no] .
}
mh-left = { $player } opouští hru a na návrat má { $seconds ->
    [one] { $seconds } sekundu
    [few] { $seconds } sekundy
    [many] { $seconds } sekundy
   *[other] { $seconds } sekund
}.{ $idle ->
    [yes] { " " }(příliš dlouho bez tahu)
   *[no] {""}
}
mh-rejoined = { $player } je zpět v honu.
mh-game_over = Konec hry ({ $reason }). Vítězové: { $winners }.

mh-error-not_a_player = { mh-step-spectator }
mh-error-bad_action = Takový tah v Půlnočním honu není.
mh-error-away = Jste mimo hru: nejdřív stiskněte Vrátit se.
mh-error-not_away = Nejste mimo hru.
mh-error-not_your_turn = Nejste na tahu.
mh-error-wrong_prompt = Odpovězte na výzvu svého tahu.
mh-error-bad_elapsed = Uplynulý čas musí být celý počet sekund, 0 nebo víc.
mh-error-wrong_phase = Probíhá výběr: vyberte typ jednotky.
mh-error-not_in_hand = Ten žeton nemáte v ruce.
mh-error-illegal_play = Takový tah teď není možný.
mh-error-bad_unit = Tuto jednotku si vybrat nelze.
mh-error-bad_override = Neplatné nastavení scénáře.
mh-error-player_count = Půlnoční hon hrají 2 hráči (1 na 1) nebo 4 hráči (2 na 2).
mh-error-mode_players = Režim { $mode } je pro { $seats ->
    [one] { $seats } hráče
    [few] { $seats } hráče
    [many] { $seats } hráče
   *[other] { $seats } hráčů
}; obsazených míst: { $count }.
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
mh-board-bag = v pytli { $count }
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
mh-board-legend-hex = hex: písmeno zleva, řada od strany A
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
mh-board-alt-unit = { $seat } { $unit }, stoh { $stack }, na hexu { $hex }
mh-board-alt-unit-short = { $seat } { $unit } { $hex } ×{ $stack }
mh-board-alt-units-by-seat = Jednotek na plánu podle míst: { $units }
mh-board-alt-counts-short = v pytli { $bag }, v ruce { $hand }, skryté { $hidden }.
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
mh-board-alt-clock = Hodiny: { $time }.
mh-board-alt-away = Mimo hru.
mh-board-picked = vybráno { $count } z { $total }

## Discord: prezentace hry (cogs/midnight_hunt/presenter.py), nastavení lobby a ovládání.
mh-option-mode = Režim
mh-option-first_player = Začínající hráč
mh-first_player-random = 🎲 Náhodně
mh-first_player-A = Strana A (červená)
mh-first_player-B = Strana B (fialová)
mh-option-faction_1 = Frakce místa 1
mh-option-faction_2 = Frakce místa 2
mh-option-faction_3 = Frakce místa 3
mh-option-faction_4 = Frakce místa 4
mh-faction_1-random = 🎲 Náhodně
mh-faction_1-hunters = { mh-faction-hunters }
mh-faction_1-darkness = { mh-faction-darkness }
mh-faction_2-random = 🎲 Náhodně
mh-faction_2-hunters = { mh-faction-hunters }
mh-faction_2-darkness = { mh-faction-darkness }
mh-faction_3-random = 🎲 Náhodně
mh-faction_3-hunters = { mh-faction-hunters }
mh-faction_3-darkness = { mh-faction-darkness }
mh-faction_4-random = 🎲 Náhodně
mh-faction_4-hunters = { mh-faction-hunters }
mh-faction_4-darkness = { mh-faction-darkness }
mh-option-clock_minutes = Šachové hodiny, minuty (0: vypnuto)
mh-option-increment_seconds = Přídavek na hodiny za tah
mh-option-rejoin_seconds = Čas na návrat po odchodu
mh-option-idle_minutes = Limit nečinnosti na tah, minuty (bez hodin)

mh-button-pick = Vzít
mh-button-deploy = Nasadit
mh-button-bolster = Posílit
mh-button-move = Přesunout
mh-button-attack = Zaútočit
mh-button-control = Obsadit lokaci
mh-button-tactic = Taktika
mh-button-forfeit = Odhodit žeton
mh-button-seal = Pečeť
mh-button-surrender = Vzdát se
mh-button-confirm_surrender = Vzdát se hned
mh-button-rejoin = Vrátit se
mh-button-leave = Opustit hru

mh-help-archer = { $tokens ->
    [one] { $tokens } žeton
    [few] { $tokens } žetony
    [many] { $tokens } žetonu
   *[other] { $tokens } žetonů
} · bez běžného útoku · Výstřel: zasahuje protivníka přesně 2 hexy daleko.
mh-help-crossbowman = { $tokens ->
    [one] { $tokens } žeton
    [few] { $tokens } žetony
    [many] { $tokens } žetonu
   *[other] { $tokens } žetonů
} · útočí jen při stohu 3 a více · Mířený výstřel: protivník v přímce 1 nebo 2 hexy daleko (hex mezi nimi prázdný).
mh-help-night_shooter = { $tokens ->
    [one] { $tokens } žeton
    [few] { $tokens } žetony
    [many] { $tokens } žetonu
   *[other] { $tokens } žetonů
} · útočí při stohu 2 a více a platí 1 žeton na odhazovací hromádku · Mířený výstřel: protivník v přímce 1 nebo 2 hexy daleko.
mh-help-uhlan = { $tokens ->
    [one] { $tokens } žeton
    [few] { $tokens } žetony
    [many] { $tokens } žetonu
   *[other] { $tokens } žetonů
} · bez běžného útoku · Průrazný úder: protivník v přímce 2 nebo 3 hexy daleko přes prázdné hexy, pak přiblížení.
mh-help-cavalry = { $tokens ->
    [one] { $tokens } žeton
    [few] { $tokens } žetony
    [many] { $tokens } žetonu
   *[other] { $tokens } žetonů
} · útočí · Výpad: krok na sousední hex a útok odtamtud.
mh-help-light_cavalry = { $tokens ->
    [one] { $tokens } žeton
    [few] { $tokens } žetony
    [many] { $tokens } žetonu
   *[other] { $tokens } žetonů
} · útočí · Trysk: o 2 hexy přes prázdný hex.
mh-help-spearman = { $tokens ->
    [one] { $tokens } žeton
    [few] { $tokens } žetony
    [many] { $tokens } žetonu
   *[other] { $tokens } žetonů
} · útočí · Protiúder: útočník zblízka přichází také o žeton.
mh-help-knight = { $tokens ->
    [one] { $tokens } žeton
    [few] { $tokens } žetony
    [many] { $tokens } žetonu
   *[other] { $tokens } žetonů
} · útočí · při stohu 1 na něj nelze zaútočit.
mh-help-swordsman = { $tokens ->
    [one] { $tokens } žeton
    [few] { $tokens } žetony
    [many] { $tokens } žetonu
   *[other] { $tokens } žetonů
} · útočí · bez taktiky.
mh-help-necromancer = { $tokens ->
    [one] { $tokens } žeton
    [few] { $tokens } žetony
    [many] { $tokens } žetonu
   *[other] { $tokens } žetonů
} · útočí · jediná jednotka, která může obsadit Nekropoli ve 2 × 2.

mh-none = nic
mh-in_supply = v zásobě: { $count }
mh-caption-over = Konec honu
mh-caption-initiative = Iniciativa: { $side }
mh-caption-held = Lokace: A { $a } · B { $b } (k vítězství { $count })
mh-over-win = vítězí { $side }: { $reason }.
mh-over-draw = remíza: { $reason }.
mh-over-by-surrender = { $player } skládá zbraně.
mh-over-by-time = Hráči { $player } vypršel čas na hodinách.
mh-over-by-abandoned = Hráči { $player } vypršel čas na návrat.
mh-over-winners = Vítězství této noci: { $players }.
mh-started = ⚔️ **Půlnoční hon**, { $mode }. Odbíjí půlnoc a hon začíná. { $lineup }. První vybírá hráč { $first }, { $side }.
mh-draft_over = 📋 Jednotky jsou vybrané. { $lineup }.
mh-public-draft = 📋 Výběr { $pick } z { $picks }: typ jednotky vybírá **{ $player }**.
mh-public-turn = ▶️ { $round }. kolo: na tahu je **{ $player }**.
mh-public-waiting = (mimo hru: čeká se na návrat hráče { $player })
mh-public-away = { $player } opouští hru{ $idle ->
    [yes] { " " }(příliš dlouho bez tahu)
   *[no] {""}
}{ $waits ->
    [yes] : hra čeká na návrat.
   *[no] .
}
mh-rejoin-until = { $player } se může vrátit { $when }, jinak prohraje.
mh-clock-running = Hodiny hráče { $player } dojdou { $when }
mh-clock-stopped = Hodiny hráče { $player }: { $time }
mh-clock-of = { $player } { $time }
mh-idle = { $player } musí zahrát { $when }, jinak se to bude počítat jako odchod ze hry
mh-dm-draft = 📋 **Váš výběr** ({ $pick } z { $picks }). Hrajete za { $seat }, { $faction }.
mh-dm-yours = Zatím máte: { $units }.
mh-dm-turn = ▶️ **Jste na tahu**, { $round }. kolo. Hrajete za { $seat }, { $faction }.
mh-dm-hand = Vaše ruka: { $tokens }
mh-dm-bag = Ve vašem pytli ({ $count }, tahá se náhodně): { $tokens }
mh-dm-pending = 🔑 Vaše Pečeť v tomto kole: { $choice }. Platí na konci kola; víte o ní jen vy.
mh-dm-round_hand = { $round }. kolo, vaše ruka: { $tokens }
mh-dm-help = Každý tah uvádí žeton, jeho akci a cíl. Hexy se jmenují jako na plánu: písmeno podle místa v řadě zleva a číslo řady od okraje strany A.
mh-dm-rejoin = Jste mimo hru. Stiskněte Vrátit se, jinak vaše strana prohraje.
mh-seal-mine = 🔑 Vaše Pečeť: { $choice }. Platí na konci kola; ostatní uvidí jen to, že se hrála Pečeť.
mh-team-A = Strana A (červená)
mh-team-B = Strana B (fialová)
mh-team-welcome = 🛡️ **{ $team }**: soukromé vlákno vašeho týmu, hrají: { $players }. Domlouvejte se tady; ruka každého hráče zůstává v jeho soukromých zprávách.
mh-step-spectator = Hru sledujete: diváci vidí plán a záznam hry, ale nehrají.
mh-step-draft = Jaký typ jednotky si berete?
mh-step-token = Jaký žeton zahrajete?
mh-step-play = Vyberte tah
mh-step-token_play = { $token }: jaký tah?
mh-step-action = { $token }: jakou akci?
mh-step-target = { $action } → vyberte:
mh-step-seal = { $token }: jakou akci? Budete to vědět jen vy; ostatní uvidí jen to, že se hrála Pečeť.
mh-step-confirm = { $action }?
mh-step-surrender = { $team ->
    [yes] 🏳️ Vzdát se? Váš tým tím hned prohraje: vy i váš spoluhráč.
   *[no] 🏳️ Vzdát se? Tím hned prohrajete.
}
mh-button-cancel_surrender = Zrušit: hrát dál
mh-step-surrender_cancelled = 🏳️ Vzdání zrušeno: hra pokračuje.
