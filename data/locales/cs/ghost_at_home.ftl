## Dům duchů (Ghost at Home). Klíče událostí jsou "gh.<událost>"; viz engines/ghost_at_home.

gh-name = Dům duchů
gh-tagline = Prozkoumejte svůj strašidelný dům patro po patře a dostaňte se ven jako první. Posílejte duchy na soupeře; přátelské kočky ochrání vás.
gh-recommended = Pro 2 až 4 hráče.
gh-lobby-joined = Jste ve hře. Až začne, vaše karty a vaše tahy přijdou soukromou zprávou; domy jsou na plánu ve vlákně hry.
gh-dm_hello = 👋 Jste v domě. Vaše karty, vaše tahy i každý duch, který se vydá do vašich pokojů, přijdou sem, do tohoto rozhovoru.

gh-card-room1 = Pokoj 1. patra
gh-card-room2 = Pokoj 2. patra
gh-card-room3 = Pokoj 3. patra
gh-card-ghost = Duch
gh-card-cat = Kočka
gh-card-space_hole = Prostorová díra
gh-card-light_bulb = Žárovka
gh-card-cat_food = Kočičí žrádlo
gh-card-elevator = Výtah
gh-card-lightning = Blesk
gh-card-joker_room = Žolíkový pokoj

gh-side-left = levý
gh-side-right = pravý
gh-from_side-left = levého
gh-from_side-right = pravého
gh-window-cat = kočkou
gh-window-ghost = duchem
gh-source-ghost = ducha
gh-source-space_hole = ducha Prostorovou dírou
gh-source-escape = ducha proti útěku
gh-outcome-escaped = útěk ze strašidelného domu
gh-outcome-last_player = v domě zbývá jediný hráč
gh-outcome-ended_by_host = rozhodnutí hostitele
gh-outcome-stalemate = nikdo už nemůže hrát: remíza

gh-game_started = 👻 Vstupní dveře se s třesknutím zavírají: v domě { $players_count ->
    [one] je { $players_count } hráč
    [few] jsou { $players_count } hráči
    [many] je { $players_count } hráče
   *[other] je { $players_count } hráčů
}. Každý drží 3 karty; v balíčku { $deck ->
    [one] čeká { $deck } karta
    [few] čekají { $deck } karty
    [many] čeká { $deck } karty
   *[other] čeká { $deck } karet
}. Prozkoumejte svůj dům patro po patře, zdola nahoru, a dostaňte se ven jako první!
gh-your_hand = Vaše karty: { $cards }.
gh-turn_started = Tah { $turn }: hraje { $player }.
gh-turn_passed = { $player } už nemá žádné karty; tah přechází dál.
gh-turn_timed_out = ⏰ Hráči { $player } vypršel čas; tah končí bez akce.
gh-rooms_played = 🚪 { $player } prozkoumává { $cards_count ->
    [one] { $cards_count } pokoj
    [few] { $cards_count } pokoje
    [many] { $cards_count } pokoje
   *[other] { $cards_count } pokojů
}: { $cards } ({ $floors_count ->
    [1] patro
   *[other] patra
} { $floors }).
gh-ghost_sent = 👻 { $player } posílá { $source } na dům hráče { $target }: patro { $floor }, { $side } pokoj.
gh-ghost_met_cat = 🐈 V tom pokoji (dům hráče { $player }) už hlídá kočka: syčí a ducha zahání. Obě karty jdou na odhazovací balíček.
gh-waiting = ⏳ Čeká se na hráče { $player } (může odpovědět { $window }).
gh-cat_answered = 🐈 V domě hráče { $player } vyskakuje kočka a zahání ducha, kterého posílá hráč { $attacker }. Obě karty jdou na odhazovací balíček.
gh-ghost_rests = 👻 Světlo ducha drží na uzdě: duch se zabydluje v patře { $floor } ({ $side } pokoj, dům hráče { $player }) a čeká na druhého.
gh-floor_wiped = { $light_off ->
    [yes] 💥 Duchové se zmocňují patra { $floor } v domě hráče { $player }: pokoje jsou ztraceny a světlo zhasíná. Na odhazovací balíček: { $cards }.
   *[no] 💥 Duch ve tmě se zmocňuje patra { $floor } v domě hráče { $player }: pokoje jsou ztraceny. Na odhazovací balíček: { $cards }.
}
gh-cat_played = 🐈 V patře { $floor } domu hráče { $player } se kočka stáčí do klubíčka ({ $side } pokoj).
gh-light_on = 💡 Patro { $floor } v domě hráče { $player } zalévá světlo (platba: { $cards }).
gh-space_hole_played = 🌀 { $player } otevírá Prostorovou díru pod duchem ze svého patra { $from_floor }.
gh-light_bulb_played = 💡 { $player } zašroubovává Žárovku: patro { $floor } je rozsvícené.
gh-cat_food_played = 🐟 { $player } chrastí Kočičím žrádlem: kočka hráče { $from_player } (patro { $from_floor }, z { $from_side } pokoje) přebíhá do domu hráče { $player }, patro { $floor }, { $side } pokoj.
gh-elevator_played = 🛗 Výtah veze kočku hráče { $player } z patra { $from_floor } (z { $from_side } pokoje) do patra { $floor } ({ $side } pokoj).
gh-lightning_played = ⚡ { $player } sesílá Blesk na dům hráče { $target }: patro { $floor } se noří do tmy.
gh-discarded = { $player } odhazuje lícem dolů { $count ->
    [one] { $count } kartu
    [few] { $count } karty
    [many] { $count } karty
   *[other] { $count } karet
}.
gh-drew = { $player } si bere { $count ->
    [one] { $count } kartu
    [few] { $count } karty
    [many] { $count } karty
   *[other] { $count } karet
}.
gh-you_drew = Berete si: { $cards }.
gh-reshuffled = 🔀 Balíček je prázdný: odhazovací balíček ({ $count ->
    [one] { $count } karta
    [few] { $count } karty
    [many] { $count } karty
   *[other] { $count } karet
}) se míchá do nového balíčku.
gh-escape_started = 🏃 Všechna patra v domě hráče { $player } jsou prozkoumaná: útěk na střechu! Zastavit ho teď může jen duch.
gh-no_ghost = { $player } žádného ducha neposílá.
gh-escape_stopped = 🚫 Duchové zastupují cestu: útěk hráče { $player } je zmařen. Všichni si dobírají karty do 3.
gh-escaped = 🎉 Poslední dveře povolují: { $player } utíká ze strašidelného domu!
gh-player_left = { $player } opouští hru. { $hand ->
    [0] Ruka je prázdná
    [one] { $hand } karta z ruky jde lícem dolů na odhazovací balíček
    [few] { $hand } karty z ruky jdou lícem dolů na odhazovací balíček
    [many] { $hand } karty z ruky jde lícem dolů na odhazovací balíček
   *[other] { $hand } karet z ruky jde lícem dolů na odhazovací balíček
}; { $cards_count ->
    [0] dům je prázdný
   *[other] dům jde lícem nahoru na odhazovací balíček: { $cards }
}.
gh-game_over = 🏁 Konec hry: { $outcome }. Vítězové: { $winners }. Karty v rukou: { $cards }. Semínko: { $seed }.

gh-prompt_turn = { $player }, jste na tahu: zvolte jednu akci.
gh-prompt_cat = { $player }, na váš dům jde duch: zahrát kočku?
gh-prompt_ghost = { $player }, soupeř utíká: poslat ducha?

gh-button-rooms = Prozkoumat pokoje
gh-button-ghost = Poslat ducha
gh-button-cat = Posadit kočku
gh-button-light = Rozsvítit
gh-button-space_hole = Prostorová díra
gh-button-light_bulb = Žárovka
gh-button-cat_food = Kočičí žrádlo
gh-button-elevator = Výtah
gh-button-lightning = Blesk
gh-button-discard = Odhodit a dobrat
gh-button-answer_cat = Zahrát kočku
gh-button-no_cat = Bez kočky
gh-button-no_ghost = Bez ducha
gh-button-leave = Opustit hru
gh-button-remove = Odebrat hráče
gh-button-end = Ukončit hru

gh-error-bad_override = Zadané rozdání není platné.
gh-error-bad_args = Volba je neúplná nebo nesrozumitelná.
gh-error-bad_action = Tato akce teď není možná.
gh-error-bad_target = Vyberte soupeře, který je stále ve hře.
gh-error-bad_room = Do tohoto pokoje to dát nelze.
gh-error-no_card = Tuto kartu nemáte.
gh-error-not_a_room = Do domu patří jen karty pokojů.
gh-error-wrong_floor = Tento pokoj patří do jiného patra.
gh-error-floor_full = V tomto patře není volné místo.
gh-error-lower_floors_first = Nejdřív zaplňte všechna nižší patra.
gh-error-cannot_light = Rozsvítit lze jen tmavé patro, jehož nižší patra jsou plná.
gh-error-light_cost = Světlo stojí 2 nebo 3 karty.
gh-error-not_enough_bulbs = Tyto karty mají { $bulbs ->
    [one] { $bulbs } žárovku
    [few] { $bulbs } žárovky
    [many] { $bulbs } žárovky
   *[other] { $bulbs } žárovek
}, potřebujete { $needed }.
gh-error-no_ghost_here = V tomto patře vašeho domu žádný duch není.
gh-error-no_cat_here = V tomto pokoji žádná kočka není.
gh-error-same_floor = Výtah musí kočku odvézt do jiného patra.
gh-error-not_lit = Nejvyšší prozkoumané patro tohoto soupeře je tmavé.
gh-error-not_a_player = V této hře nehrajete.
gh-error-not_in_game = V této hře už nejste.
gh-error-not_your_turn = Nejste na tahu.
gh-error-not_your_window = Tato volba vám nepatří.

## Obrázek stolu (cogs/ghost_at_home/board.py): nápisy na obrázku a jeho popis pro čtečky obrazovky.

gh-board-title = Dům duchů
gh-board-turn = Tah { $turn }
gh-board-to_play = Na tahu je { $player }.
gh-board-escaping = { $player } se pokouší utéct z domu!
gh-board-attack = Duch od hráče { $attacker } míří na hráče { $defender }: patro { $floor }, { $side } pokoj.
gh-board-waiting = Čeká se na odpověď hráče { $player }.
gh-board-over = Konec hry: { $outcome }.
gh-board-winners = Vítěz: { $players }.
gh-board-deck = Balíček
gh-board-discard = Odhazovací balíček
gh-board-hand = { $count ->
    [one] { $count } karta
    [few] { $count } karty
    [many] { $count } karty
   *[other] { $count } karet
}
gh-board-lit_floor = Rozsvícené patro
gh-board-dark_floor = Tmavé patro
gh-board-tag-to_play = na tahu
gh-board-tag-answering = odpovídá
gh-board-tag-escaping = utíká!
gh-board-tag-winner = vítěz
gh-board-tag-left = mimo hru
gh-board-alt-head = Stůl hry Dům duchů, tah { $turn }. Balíček: { $deck ->
    [one] { $deck } karta
    [few] { $deck } karty
    [many] { $deck } karty
   *[other] { $deck } karet
}; odhazovací balíček: { $discard ->
    [one] { $discard } karta
    [few] { $discard } karty
    [many] { $discard } karty
   *[other] { $discard } karet
}.
gh-board-alt-house = { $player } ({ $letter }), v ruce { $cards ->
    [one] { $cards } karta
    [few] { $cards } karty
    [many] { $cards } karty
   *[other] { $cards } karet
}: { $floors }.
gh-board-alt-left = { $player } ({ $letter }) už nehraje.
gh-board-alt-floor = patro { $floor } { $lit ->
    [yes] rozsvícené
   *[no] tmavé
}: { $rooms }
gh-board-alt-no_rooms = žádné pokoje
gh-board-alt-room = pokoj
gh-board-alt-joker = žolíkový pokoj
gh-board-alt-with_ghost = { $room } s duchem
gh-board-alt-with_cat = { $room } s kočkou

## Na Discordu (cogs/ghost_at_home/presenter.py): soukromé výzvy, jejich ovládání, popisek stolu, konec hry.

gh-floor-1 = patro 1
gh-floor-2 = patro 2
gh-floor-3 = patro 3
gh-empty_hand = žádné karty
gh-your_cards = Vaše karty: { $cards }
gh-your_house = Váš dům: { $house }
gh-ask-turn = Tah { $turn }: jste na tahu. Zvolte jednu akci.
gh-ask-cat = Hráč { $attacker } posílá { $source } na vaše patro { $floor }, { $side } pokoj! Odpovíte kočkou?
gh-ask-ghost = Všechna patra v domě hráče { $player } jsou prozkoumaná: útěk na střechu! Pošlete ducha na nejvyšší patro tohoto hráče?
gh-ask-ghost_again = Útěk hráče { $player } pokračuje. Pošlete ještě jednoho ducha?
gh-help-turn = Za tah jedna akce. Světlo stojí { $least }–{ $most } { $most ->
    [one] kartu
    [few] karty
    [many] karty
   *[other] karet
}, na kterých je dohromady aspoň { $bulbs } 💡.
gh-help-cat = Kočka ducha zažene (obě karty jdou na odhazovací balíček). Bez odpovědi včas se žádná kočka nehraje.
gh-help-ghost = Váš duch jde do pokoje v nejvyšším patře, kde ho ještě může zastavit kočka. Bez odpovědi včas se žádný duch neposílá.
gh-pick-light = Rozsvítit: vyberte karty k zaplacení ({ $bulbs }+ 💡)
gh-pick-discard = Odhodit a dobrat: vyberte karty k odhození
gh-pick-light_floor = Platba: { $cards }. Které patro rozsvítíte?
gh-do-rooms = Prozkoumat: { $rooms }
gh-do-ghost = Duch → { $player }: { $floor }. patro { $side_id ->
        [left] vlevo
       *[right] vpravo
    }
gh-do-cat = Posadit kočku: vaše { $floor }. patro { $side_id ->
        [left] vlevo
       *[right] vpravo
    }
gh-do-light = Rozsvítit patro { $floor }: { $cards }
gh-do-space_hole = Díra: duch z { $from_floor }. patra → { $player }: { $floor }. patro { $side_id ->
        [left] vlevo
       *[right] vpravo
    }
gh-do-light_bulb = Žárovka: rozsvítit patro { $floor }
gh-do-cat_food = Žrádlo: { $player }, { $from_floor }. patro { $from_side_id ->
        [left] vlevo
       *[right] vpravo
    } → { $floor }. patro { $side_id ->
        [left] vlevo
       *[right] vpravo
    }
gh-do-elevator = Výtah: vaše kočka, { $from_floor }. patro { $from_side_id ->
        [left] vlevo
       *[right] vpravo
    } → { $floor }. patro { $side_id ->
        [left] vlevo
       *[right] vpravo
    }
gh-do-lightning = Blesk do domu hráče { $player }
gh-do-discard = Odhodit a dobrat stejný počet: { $cards }
gh-do-answer_cat = Zahrát kočku
gh-do-no_cat = Bez kočky
gh-do-no_ghost = Bez ducha
gh-do-leave = Opustit hru
gh-do-remove = Odebrat hráče { $player } ze hry
gh-do-end = Ukončit hru bez vítěze
gh-caption-piles = Balíček: { $deck } · odhazovací balíček: { $discard }
gh-status-house = { $player } (v ruce { $cards ->
    [one] { $cards } karta
    [few] { $cards } karty
    [many] { $cards } karty
   *[other] { $cards } karet
}): { $house }
gh-status-left = { $player } už nehraje.
gh-over-title = V domě nastává ticho. Konec hry: { $outcome }
gh-over-winners = 🏆 Vítěz: { $players }
gh-over-hands = Karty v rukou na konci:
gh-over-seed = 🎲 Semínko: { $seed } (určilo všechna míchání této hry)
