## Půlnočníci (Полуночники) — karetní hra o surreálném lucidním snu. Klíče událostí "mn.<událost>".

mn-name = Půlnočníci
mn-tagline = Režírujte surreálný lucidní sen. Probuďte se na Mostě dřív, než Půlnoční hrůza sen zapečetí.
mn-lobby-joined = Jste ve hře. Až začne, vaše ruka, vaše pasti a vaše tahy přijdou soukromou zprávou; plán je ve vlákně hry.
mn-dm_hello = 👋 Jste ve snu. Vaše karty, vaše pasti, vaše tahy i každá příležitost odpovědět na kartu jiného Půlnočníka přijdou sem, do tohoto rozhovoru.
mn-nightmare-red = 😱 { $player } si lízá Rudou noční můru: v hlavách cvakají lišky a volají k boji bez příkras. Pasti nelze nastražit ani spustit (kromě pasti Půlnoční hvězdy na Radnici).{ $immune_count ->
    [0] {""}
   *[other] {" "}V bezpečí na Radnici: { $immune }.
}
mn-nightmare-blue = 😱 { $player } si lízá Modrou noční můru: hejno rozechvělých ptáků zakrývá hvězdnou oblohu. Aktivovat lze jen Radnici.{ $immune_count ->
    [0] {""}
   *[other] {" "}V bezpečí na Radnici: { $immune }.
}
mn-nightmare-purple = 😱 { $player } si lízá Purpurovou noční můru: mlha z motýlů omamuje mysl.{ $immune_count ->
    [0] {""}
   *[other] {" "}V bezpečí na Radnici: { $immune }.
}
mn-nightmare-black = 😱 { $player } si lízá Černou noční můru: černočerná kočka sladce prosí, ať s ní všichni zůstanou ve snu navždy.{ $immune_count ->
    [0] {""}
   *[other] {" "}V bezpečí na Radnici: { $immune }.
}
mn-nightmare-multi = 😱 { $player } si lízá Pestrobarevnou noční můru: srdce všech Půlnočníků bijí rychleji.{ $immune_count ->
    [0] {""}
   *[other] {" "}V bezpečí na Radnici: { $immune }.
}
mn-nightmare-colourless = 😱 { $player } si lízá Bezbarvou noční můru: srdce všech Půlnočníků bijí pomaleji.{ $immune_count ->
    [0] {""}
   *[other] {" "}V bezpečí na Radnici: { $immune }.
}

## Karty lokací
mn-location-corridor1 = Chodba 1
mn-location-corridor2 = Chodba 2
mn-location-corridor3 = Chodba 3
mn-location-corridor4 = Chodba 4
mn-location-corridor5 = Chodba 5
mn-location-corridor6 = Chodba 6
mn-location-forest = Les
mn-location-square = Náměstí
mn-location-motel = Motel
mn-location-restaurant = Restaurace
mn-location-townhall = Radnice
mn-location-bridge = Most
mn-corridor-corridor1 = { mn-location-corridor1 }
mn-corridor-corridor2 = { mn-location-corridor2 }
mn-corridor-corridor3 = { mn-location-corridor3 }
mn-corridor-corridor4 = { mn-location-corridor4 }
mn-corridor-corridor5 = { mn-location-corridor5 }
mn-corridor-corridor6 = { mn-location-corridor6 }

## Karty
mn-card-sleepwalk = Náměsíčnost
mn-card-vertigo = Vertigo
mn-card-star = Půlnoční hvězda
mn-card-dutch = Holandský úhel
mn-card-catcher = Lapač snů
mn-card-suspense-forest = Napětí (Les)
mn-card-suspense-square = Napětí (Náměstí)
mn-card-suspense-motel = Napětí (Motel)
mn-card-suspense-restaurant = Napětí (Restaurace)
mn-card-suspense-townhall = Napětí (Radnice)
mn-card-suspense-bridge = Napětí (Most)
mn-card-red = Rudá noční můra
mn-card-blue = Modrá noční můra
mn-card-purple = Purpurová noční můra
mn-card-black = Černá noční můra
mn-card-multi = Pestrobarevná noční můra
mn-card-colourless = Bezbarvá noční můra
mn-card-trap = past lícem dolů
mn-colour-red = Rudá
mn-colour-blue = Modrá
mn-colour-purple = Purpurová
mn-colour-black = Černá
mn-colour-multi = Pestrobarevná
mn-colour-colourless = Bezbarvá

## Tahy, směry, rozložení, výsledky
mn-play-sleepwalk = Náměsíčnost
mn-play-vertigo_move = Vertigo (posunout lokaci)
mn-play-vertigo_rotate = Vertigo (otočit lokaci)
mn-play-star = Půlnoční hvězda (aktivace)
mn-play-dutch_cut = Holandský úhel (méně akcí)
mn-play-dutch_extra = Holandský úhel (akce navíc)
mn-play-catcher_steal = Lapač snů (naslepo vzít kartu)
mn-play-set_trap = nastražit past
mn-play-cancel = Holandský úhel (zrušení)
mn-play-intercept = Lapač snů (zachycení)
mn-direction-up = nahoru
mn-direction-right = doprava
mn-direction-down = dolů
mn-direction-left = doleva
mn-direction-cw = po směru hodinových ručiček
mn-direction-ccw = proti směru hodinových ručiček
mn-arrow-up = ↑
mn-arrow-right = →
mn-arrow-down = ↓
mn-arrow-left = ←
mn-layout-random = náhodné rozložení
mn-layout-classic = klasické rozložení
mn-outcome-woke = probuzení na Mostě
mn-outcome-dead_sleep = Půlnoční hrůza uvrhá všechny do mrtvého spánku
mn-outcome-nobody_woke = nikdo se neprobudil
mn-outcome-abandoned = všichni opustili sen

## Události
mn-game_started = 🌙 Půlnoc: Půlnočníci usínají, každý ve své chodbě mezi snem a bděním ({ $layout }). Pořadí hráčů: { $players }. Probuďte se na Mostě dřív, než vás noční můry udrží ve snu navždy!
mn-your_hand = Vaše karty: { $cards }.
mn-turn_started = { $controller ->
    [none] Tah { $turn }: hraje { $player } ({ $actions ->
        [one] { $actions } akce
        [few] { $actions } akce
        [many] { $actions } akce
       *[other] { $actions } akcí
    }).
   *[other] Tah { $turn }: hraje { $player }, ale všechna rozhodnutí činí hráč { $controller } (past Lapače snů).
}
mn-turn_skipped = Tah { $turn }: hráč { $player } leží vedle Půlnoční hrůzy ve spánkové paralýze a tah vynechává.
mn-turn_ended = { $player } končí tah.
mn-played = { $player } hraje: { $play }{ $target ->
    [none] {""}
   *[other] {" "}na hráče { $target }
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
mn-trap_set = { $player } nastražuje past lícem dolů.
mn-trap_set_secret = Vaše past: { $card }, lokace { $location }.
mn-reacted = { $player } odpovídá na kartu „{ $card }“ hráče { $target }: { $play }.
mn-cancelled = Holandský úhel hráče { $player } ruší kartu „{ $card }“ hráče { $target }.
mn-intercepted = { $player } zachycuje kartu „{ $card }“ hráče { $target } ({ $count ->
    [one] { $count } karta
    [few] { $count } karty
    [many] { $count } karty
   *[other] { $count } karet
} do ruky).
mn-cards_received = Berete si: { $cards }.
mn-mark_set = Vaše past Půlnoční hvězdy v lokaci { $location } je označena.
mn-mark_lapsed = Označení pasti Půlnoční hvězdy v lokaci { $location } propadlo; past zůstává skrytá.
mn-trap_ready = { $player } má { $traps ->
    [one] { $traps } připravenou past
    [few] { $traps } připravené pasti
    [many] { $traps } připravené pasti
   *[other] { $traps } připravených pastí
}.
mn-moved = { $player } se přesouvá do lokace { $location }.
mn-location_moved = Sen se přesouvá: lokace { $location } se stěhuje na pole { $cell }.
mn-location_rotated = Sen se otáčí: lokace { $location } je teď pootočená o { $degrees }° oproti původní poloze (šipky: { $arrows }).
mn-actions_cut = Příští tah o 1 akci méně mají dva hráči: { $player }, { $target }.
mn-extra_action = { $player } získává akci navíc (zbývá: { $actions }).
mn-card_stolen = { $player } naslepo bere kartu hráči { $target }.
mn-card_taken_secret = { $player } bere hráči { $target } kartu „{ $card }“.
mn-fizzled = Karta „{ $card }“ hráče { $player } vyznívá naprázdno: její účinek už není možný.
mn-card_drawn = Do ruky vám přichází karta „{ $card }“.
mn-drew = { $player } si lízá kartu (v ruce: { $hand }).
mn-reshuffled = Odhazovací balíček je zamíchán do nového balíčku ({ $count ->
    [one] { $count } karta
    [few] { $count } karty
    [many] { $count } karty
   *[other] { $count } karet
}).
mn-nightmare_drawn = { $fired ->
    [yes] 😱 { $player } si lízá noční můru: { $colour }!{ $immune_count ->
        [0] {""}
       *[other] {" "}V bezpečí na Radnici: { $immune }.
    }
   *[no] { $player } si na Radnici lízá noční můru ({ $colour }): zůstává bez účinku.
}
mn-gathered = { $players_count ->
    [0] Sen táhne všechny do lokace { $location }, ale přenášet není koho.
   *[other] Sen přenáší do lokace { $location }: { $players }.
}
mn-sent_to_corridors = { $corridors_count ->
    [0] Do chodeb nemusí nikdo.
   *[other] Sen rozhání Půlnočníky do chodeb: { $corridors }.
}
mn-hands_passed = { $players_count ->
    [0] Karty se nepředávají nikomu.
    [1] Karty se nepředávají: týká se to jen hráče { $players }.
   *[other] Karty a pasti se předávají proti směru hodinových ručiček: { $players }.
}
mn-horror = 🖤 { $player } se stává Půlnoční hrůzou: Půlnoční hrůza se nikdy neprobudí a každého, kdo s ní sdílí lokaci, svírá spánková paralýza.
mn-activated = { $player } aktivuje lokaci { $location }.
mn-activated-forest = 🌲 { $player } aktivuje Les: nekonečný soumračný les, který objímá sen, otevírá cestu kamkoli.
mn-activated-square = ⛲ Náměstí si pamatuje vše, co se ve snu stalo: { $player } ho aktivuje a prohlíží si odhazovací balíček.
mn-activated-motel = 🪞 { $player } aktivuje Motel: jako zrcadlo ukazuje bezbranné spící tělo Půlnočníka.
mn-activated-restaurant = 🍷 { $player } aktivuje Restauraci: lepkavá a obestírající, zamlžuje mysl u Mostu.
mn-activated-townhall = 🏛️ { $player } aktivuje Radnici, kde vůle vzdoruje tíživým vidinám.
mn-activated-bridge = 🌅 { $player } aktivuje Most, který vede z měsíčního snu do slunečného bdění.
mn-discard_pile = Odhazovací balíček: { $cards }.
mn-neutralised = { $colours_count ->
    [0] Žádná noční můra není aktivní; všichni mají opět 2 akce.
   *[other] Radnice zahání tíživé vidiny: { $player } neutralizuje noční můry ({ $colours }); všichni mají opět 2 akce.
}{ $count ->
    [0] {""}
    [one] {" "}{ $player } odhazuje { $count } kartu noční můry.
    [few] {" "}{ $player } odhazuje { $count } karty nočních můr.
    [many] {" "}{ $player } odhazuje { $count } karty nočních můr.
   *[other] {" "}{ $player } odhazuje { $count } karet nočních můr.
}
mn-hand_shown = Karty hráče { $player }: { $cards }.
mn-took = { $player } bere { $count ->
    [one] { $count } kartu
    [few] { $count } karty
    [many] { $count } karty
   *[other] { $count } karet
}{ $target ->
    [none] {""}
   *[other] {" "}z ruky hráče { $target }
} (lokace { $location }).
mn-excess_discarded = { $player } odhazuje { $count ->
    [one] { $count } přebytečnou kartu
    [few] { $count } přebytečné karty
    [many] { $count } přebytečné karty
   *[other] { $count } přebytečných karet
}{ $given ->
    [0] {""}
    [one] {" "}a { $given } kartu dává hráči { $target }
    [few] {" "}a { $given } karty dává hráči { $target }
    [many] {" "}a { $given } karty dává hráči { $target }
   *[other] {" "}a { $given } karet dává hráči { $target }
}.
mn-nothing_done = { $player } zde nic nedělá.
mn-hands_shuffled = { $players_count ->
    [0] { $player } chce zamíchat karty u Mostu, ale nikdo, čí karty lze zamíchat, tam nestojí.
   *[other] { $player } míchá karty hráčů { $players } a rozdává je zpět.
}
mn-blind_discard = { $player } odhazuje { $count ->
    [one] { $count } náhodnou kartu
    [few] { $count } náhodné karty
    [many] { $count } náhodné karty
   *[other] { $count } náhodných karet
} z ruky hráče { $target }.
mn-trap_sprung = 💥 Spouští se past hráče { $player } v lokaci { $location }: { $card }{ $how ->
    [self] {" "}— hráč { $player } na ni vstupuje
    [corridor] {" "}— hráč { $target } jde do lokace { $corridor }
    [swap] {" "}— hráč { $player } si mění místo s hráčem { $target }
    [claim] {" "}— příští tah hráče { $target } odehraje hráč { $player }
    [star] {" "}— místo hráče { $target }
   *[none] {""}
}.
mn-player_removed = { $player } se vytrácí ze snu a opouští hru.
mn-game_over = Sen končí: { $outcome }. { $winners_count ->
    [0] Nikdo nevyhrál.
   *[other] Vítěz: { $winners }.
}

## Výzvy
mn-turn = Jste na tahu: zahrajte kartu, nastražte past, nebo ukončete tah.
mn-window = Odpověď na kartu „{ $card }“ hráče { $player }: Holandský úhel ji zruší, Lapač snů zachytí, nebo pas.
mn-choose_forest = Les: jděte kamkoli ve snu.
mn-choose_square = Náměstí: vezměte si až 3 karty z odhazovacího balíčku.
mn-choose_motel_target = Motel: vyberte, čí karty si prohlédnete.
mn-choose_motel_take = Motel: vezměte si až 3 karty tohoto hráče.
mn-choose_excess = Příliš mnoho karet: odhoďte na 5.
mn-choose_restaurant = Restaurace: zamíchejte karty u Mostu, nebo naslepo odhoďte něčí karty.
mn-choose_assign = Jako Půlnoční hrůza pošlete každého Půlnočníka do jiné chodby.

## Odmítnutí
mn-error-bad_override = Takové nastavení scénáře není možné.
mn-error-not_a_player = V tomto snu nehrajete.
mn-error-bad_action = Takový tah tato hra nezná.
mn-error-not_your_turn = Nejste na tahu.
mn-error-no_card = Takovou kartu nemáte.
mn-error-no_actions = V tomto tahu vám nezbývají žádné akce.
mn-error-bad_direction = Zvolte platný směr.
mn-error-blocked = Cesta je zablokovaná.
mn-error-bad_location = Taková lokace neexistuje.
mn-error-not_adjacent = To není vaše ani sousední lokace.
mn-error-corridor = Chodby nelze aktivovat.
mn-error-blue_nightmare = Modrá noční můra dovoluje aktivovat jen Radnici.
mn-error-horror_cannot_wake = Půlnoční hrůza se nemůže probudit.
mn-error-nightmare_in_hand = Nemůžete se probudit s kartou noční můry v ruce.
mn-error-bad_target = Tohoto hráče nelze vybrat.
mn-error-red_nightmare = Rudá noční můra zakazuje nastražit pasti.
mn-error-not_eligible = Na tuto kartu nemůžete odpovědět.
mn-error-already_passed = Váš pas v tomto okně už platí.
mn-error-bad_trap = Tuto past nelze označit.
mn-error-bad_choice = Taková volba není na výběr.
mn-error-not_your_choice = Teď volí někdo jiný.
mn-error-wrong_phase = Pasti nelze spustit uprostřed jiného účinku.
mn-error-bad_spring = Tuto past teď takto spustit nelze.
mn-error-bad_elapsed = Čas uvedený u tohoto tahu není platný.
mn-error-closed_answered = Pozdě: první odpověď na tu kartu přišla od <@{ $player }>, { $play ->
    [cancel] Holandský úhel
   *[other] Lapač snů
}. Na kartu se odpovídá jen jednou; na tu odpověď je otevřené nové okno.
mn-error-closed_passed = Pozdě: všichni ostatní pasovali, okno se zavřelo a karta platí.
mn-error-closed_timeout = Pozdě: čas na tuto volbu vypršel.
mn-error-closed_played = Pozdě: ta chvíle je pryč, na stole je karta od <@{ $player }> a okno na odpověď.
mn-error-closed_ended = Pozdě: ta chvíle je pryč, tah hráče <@{ $player }> je u konce.
mn-error-closed_sprung = Pozdě: ta chvíle je pryč, past hráče <@{ $player }> už je spuštěná.
mn-error-closed_chosen = Pozdě: tato volba už padla (<@{ $player }>).
mn-error-closed_removed = Pozdě: volba je zavřená, <@{ $player }> už ve hře není (rozhodnutí hostitele).
mn-error-closed_over = Pozdě: sen je u konce.

## Obrázek hracího plánu (cogs/midnighters/board.py): popisky na obrázku a jeho textový popis
mn-board-place_forest = Les
mn-board-place_square = Náměstí
mn-board-place_motel = Motel
mn-board-place_restaurant = Restaurace
mn-board-place_townhall = Radnice
mn-board-place_bridge = Most
mn-board-title = Hrací plán Půlnočníků, tah { $turn } z { $max_turns }.
mn-board-turn = Tah { $turn } / { $max_turns }
mn-board-status_turn = Na tahu je { $player }: { $actions ->
    [one] zbývá { $actions } akce
    [few] zbývají { $actions } akce
    [many] zbývá { $actions } akce
   *[other] zbývá { $actions } akcí
}
mn-board-status_controlled = Všechna rozhodnutí za hráče { $player } činí hráč { $controller } (past Lapače snů).
mn-board-status_window = Okno reakcí: karta „{ $card }“ hráče { $player }
mn-board-status_window_trap = Okno reakcí: { $player } nastražuje past lícem dolů
mn-board-status_choice = Vybírá hráč { $player }.
mn-board-col_player = Hráč
mn-board-col_location = Lokace
mn-board-col_cards = Karty
mn-board-col_traps = Pasti
mn-board-horror = Půlnoční hrůza
mn-board-penalty = příští tah o { $count ->
    [one] { $count } akci
    [few] { $count } akce
    [many] { $count } akce
   *[other] { $count } akcí
} méně
mn-board-paralysed = spánková paralýza (vynechává tahy)
mn-board-claimed = příští tah odehraje hráč { $controller }
mn-board-left = mimo hru
mn-board-deck = Balíček: { $count }
mn-board-discard = Odhazovací balíček: { $count }
mn-board-nightmares = Aktivní noční můry:
mn-board-no_nightmares = Žádné aktivní noční můry
mn-board-exempt = imunní: { $players }
mn-board-on_table = Na stole:
mn-board-legend_traps = pasti lícem dolů: je vidět, kolik jich kdo má, nikdy kde jsou
mn-board-alt_player = { $player } ({ $letter }): { $location }, { $cards ->
    [one] { $cards } karta
    [few] { $cards } karty
    [many] { $cards } karty
   *[other] { $cards } karet
}, { $traps ->
    [one] { $traps } past
    [few] { $traps } pasti
    [many] { $traps } pasti
   *[other] { $traps } pastí
}
mn-board-alt_grid = Hrací plán, u každé karty její šipky:
mn-board-empty_cells = Prázdná pole: { $cells }

## Discord (cogs/midnighters/presenter.py): nastavení lobby
mn-option-reaction_seconds = Okno reakce
mn-option-choice_seconds = Volby uvnitř účinku
mn-option-turn_seconds = Čas na tah
mn-option-max_turns = Nejvýše tahů
mn-option-layout = Hrací plán

## Discord: co které tlačítko dělá
mn-button-end = Ukončit tah
mn-button-sleepwalk = Náměsíčnost
mn-button-vertigo_move = Vertigo (posunout lokaci)
mn-button-vertigo_rotate = Vertigo (otočit lokaci)
mn-button-star = Půlnoční hvězda
mn-button-dutch_cut = Holandský úhel (méně akcí)
mn-button-dutch_extra = Holandský úhel (akce navíc)
mn-button-catcher_steal = Lapač snů (vzít kartu)
mn-button-set_trap = Nastražit past
mn-button-spring = Spustit past
mn-button-pass = Pas
mn-button-cancel = Zrušit (Holandský úhel)
mn-button-intercept = Zachytit (Lapač snů)
mn-button-mark = Označit past Půlnoční hvězdy
mn-button-goto = Jít
mn-button-done = Hotovo
mn-button-take = Vzít kartu
mn-button-target = Prohlédnout karty
mn-button-discard = Odhodit kartu
mn-button-give = Vrátit kartu
mn-button-shuffle = Zamíchat karty u Mostu
mn-button-blind_discard = Odhodit naslepo
mn-button-assign = Poslat do chodby
mn-button-remove = Odebrat hráče

## Discord: hodnoty v postupném výběru
mn-suspense-suspense-forest = { mn-location-forest }
mn-suspense-suspense-square = { mn-location-square }
mn-suspense-suspense-motel = { mn-location-motel }
mn-suspense-suspense-restaurant = { mn-location-restaurant }
mn-suspense-suspense-townhall = { mn-location-townhall }
mn-suspense-suspense-bridge = { mn-location-bridge }
mn-mode-corridor = poslat hráče do chodby
mn-mode-self = vstoupit tam osobně
mn-turns-1 = otočenou o 90° po směru hodinových ručiček
mn-turns-2 = otočenou o 180°
mn-turns-3 = otočenou o 90° proti směru hodinových ručiček
mn-label-cell = pole { $cell }
mn-label-count = { $count ->
    [one] { $count } karta
    [few] { $count } karty
    [many] { $count } karty
   *[other] { $count } karet
}
mn-label-trap = past „{ $card }“ v lokaci { $location }
mn-label-trap_unknown = vaše past

## Discord: jedna akce slovy (tlačítka, položky výběru, potvrzení po kliknutí)
mn-do-end = Ukončit tah
mn-do-sleepwalk = { $destination ->
    [none] Náměsíčnost: { $direction }
   *[other] Náměsíčnost { $direction }: { $destination }
}
mn-do-vertigo_move = Vertigo: posunout lokaci { $location } { $direction }
mn-do-vertigo_rotate = Vertigo: otočit lokaci { $location } { $direction }
mn-do-star = { $location ->
    [none] Půlnoční hvězda: aktivovat lokaci, kde stojíte
   *[other] Půlnoční hvězda: aktivovat lokaci { $location }
}
mn-do-dutch_cut = Holandský úhel: hráč { $target } i vy budete mít příští tah o 1 akci méně
mn-do-dutch_extra = Holandský úhel: 1 akce navíc teď, o 1 méně příští tah
mn-do-catcher_steal = Lapač snů: naslepo vzít kartu hráči { $target }
mn-do-set_trap = Past v lokaci { $location }: { $card }
mn-do-pass = Pas
mn-do-cancel = Zrušit (Holandský úhel)
mn-do-intercept = Zachytit (Lapač snů)
mn-do-mark = Označit past Půlnoční hvězdy v lokaci { $location }
mn-do-goto = Jít: { $location }
mn-do-done = { $where ->
    [motel_target] Neprohlížet si ničí karty
    [restaurant] Nic zde nedělat
   *[other] Už nic nebrat
}
mn-do-take = Vzít: { $card }
mn-do-target = Prohlédnout si karty hráče { $player }
mn-do-discard = Odhodit: { $card }
mn-do-give = Vrátit: { $card }
mn-do-shuffle = Zamíchat karty hráčů na Mostě a vedle něj
mn-do-blind_discard = Odhodit hráči { $player } { $count ->
    [one] { $count } náhodnou kartu
    [few] { $count } náhodné karty
    [many] { $count } náhodné karty
   *[other] { $count } náhodných karet
}
mn-do-assign = Poslat hráče { $player } → { $corridor }
mn-do-remove = Odebrat hráče { $player } ze snu
mn-do-spring = Past ({ $location }): { $effect }
mn-do-spring_gone = Vaše past: { $effect }
mn-spring-self = vstoupit tam osobně
mn-spring-corridor = hráč { $target } → { $corridor }
mn-spring-vertigo = na pole { $cell }, { $turns }
mn-spring-star = aktivovat Radnici na dálku
mn-spring-dutch = výměna míst s hráčem { $target }
mn-spring-catcher = odehrát tah za hráče { $target }
mn-spring-any = spustit

## Discord: soukromé zprávy
mn-ask-turn = 🌙 **Tah { $turn }: jste na tahu** — { $actions ->
    [one] zbývá { $actions } akce
    [few] zbývají { $actions } akce
    [many] zbývá { $actions } akce
   *[other] zbývá { $actions } akcí
}.
mn-ask-turn_for = 🕸️ **Tah { $turn }: hrajete tah hráče { $player }** (past Lapače snů) — { $actions ->
    [one] zbývá { $actions } akce
    [few] zbývají { $actions } akce
    [many] zbývá { $actions } akce
   *[other] zbývá { $actions } akcí
}.
mn-ask-turn_help = Zahrání karty stojí 1 akci, past 2; akce navíc z Holandského úhlu nestojí nic. Ostatní mohou na každé zahrání odpovědět, než začne platit.
mn-ask-window = ⚡ **{ $what } Odpovíte?**
mn-ask-window_help = Holandský úhel kartu zruší, Lapač snů vám ji vezme do ruky; v obou případech budete mít příští tah o 1 akci méně. Nebo pasujte.
mn-ask-window_none = Nemáte Holandský úhel ani Lapač snů: pasujte.
mn-ask-choice = 🎴 **{ $what }**
mn-ask-taken = Vzato: { $count } ze 3.
mn-ask-assign = Kam pošlete hráče { $player }?
mn-ask-pick = { $so_far } — { $question }
mn-ask-direction = kterým směrem?
mn-ask-location = která lokace?
mn-ask-target = který hráč?
mn-ask-player = který hráč?
mn-ask-suspense = kam past nastražíte?
mn-ask-card = která karta k ní?
mn-ask-trap = která past?
mn-ask-mode = jak?
mn-ask-corridor = která chodba?
mn-ask-cell = které prázdné pole?
mn-ask-turns = jak otočit?
mn-ask-count = kolik karet?
mn-ask-kind = co zahrajete?
mn-you_stand = 📍 Stojíte v lokaci { $location } (šipky: { $arrows }).
mn-they_stand = 📍 Hráč { $player } stojí v lokaci { $location } (šipky: { $arrows }).
mn-no_arrows = žádné
mn-your_cards = 🃏 Vaše karty: { $cards }
mn-their_cards = 🃏 Karty hráče { $player }: { $cards }
mn-no_cards = žádné karty
mn-your_traps = 🪤 Vaše pasti: { $traps }
mn-the_discard = 🗑️ Odhazovací balíček: { $cards }
mn-their_hand = 👁️ Karty tohoto hráče: { $cards }
mn-traps_now = 🪤 **Vaše pasti**, zatímco hraje { $player }: { $traps }
mn-traps_spring = Jednu z nich můžete spustit hned, mimo svůj tah.
mn-mine_waiting = Čeká se na: { $players }.

## Discord: popisek hracího plánu a konec hry
mn-caption-turn = 🌙 **Tah { $turn } z { $max_turns }**
mn-caption-piles = Balíček: { $deck } · odhazovací balíček: { $discard }
mn-caption-where = 📍 { $players }
mn-caption-player = { $player } ({ $letter }): { $location }, { $cards ->
    [one] { $cards } karta
    [few] { $cards } karty
    [many] { $cards } karty
   *[other] { $cards } karet
}{ $traps ->
    [0] {""}
    [one] , { $traps } past
    [few] , { $traps } pasti
    [many] , { $traps } pasti
   *[other] , { $traps } pastí
}
mn-caption-nightmares = 😱 { $nightmares }
mn-drew_cards = { $player } si lízá { $count ->
    [one] { $count } kartu
    [few] { $count } karty
    [many] { $count } karty
   *[other] { $count } karet
} (v ruce: { $hand }).
mn-ending = { $reason ->
    [woke] { $player } se probouzí na Mostě do slunečného bdění a vítězí; sen končí.
    [dead_sleep] { $player }, Půlnoční hrůza, uvrhá všechny Půlnočníky do mrtvého spánku a vítězí; sen končí.
    [abandoned] Všichni sen opustili; nikdo nevyhrává.
   *[other] { $cause ->
        [max_turns] Nikdo se neprobudil během { $turns ->
            [one] { $turns } tahu
            [few] { $turns } tahů
            [many] { $turns } tahu
           *[other] { $turns } tahů
        } a víc jich hra nemá: sen se prohlubuje a nikdo nevyhrává.
        [no_cards] Nikdo se neprobudil, než došel balíček i odhazovací balíček: sen se prohlubuje a nikdo nevyhrává.
       *[other] Nikdo se neprobudil; nikdo nevyhrává.
    }
}
mn-over-hands = Karty v rukou na konci:
mn-over-hand = • { $player }: { $cards }
mn-over-traps = Připravené pasti: { $traps }
mn-over-trap = { $player }: { $card } v lokaci { $location }
mn-over-no_traps = Žádné připravené pasti.
mn-over-discard = Odhazovací balíček: { $cards }
mn-over-seed = 🎲 Semínko: { $seed } (určilo všechna míchání této hry)
