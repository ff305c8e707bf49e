## Když sním — klíče událostí "ks.<event>"; viz engines/kdyz_snim a shared/rules/kdyz_snim.md.

ks-name = Když sním
ks-tagline = Jeden hráč sní, ostatní mu šeptají jednoslovné nápovědy. Víly pomáhají, Bubáci matou, Raraši chtějí rovnováhu.
ks-recommended = Doporučeno: 6 a více hráčů.

ks-role-dreamer = Snílek
ks-role-fairy = Víla
ks-role-boogeyman = Bubák
ks-role-sandman = Rarach
ks-role-help-dreamer = Snové karty nevidíš. Každý element hádej jednou, až budeš připraven, a pamatuj si své odpovědi.
ks-role-help-fairy = Pomáhej Snílkovi: 1 bod za každý uhodnutý element.
ks-role-help-boogeyman = Mat Snílka: 1 bod za každý neuhodnutý nebo vynechaný element.
ks-role-help-sandman = Hlídej rovnováhu snu: nejvíc bodů máš, když je uhodnutých a neuhodnutých stejně.

ks-pile-yellow = uhodnuto (žlutá)
ks-pile-blue = neuhodnuto (modrá)
ks-fate-yellow = uhodnuto
ks-fate-blue = neuhodnuto
ks-fate-penalty = trestná karta
ks-fate-unused = nevyužito
ks-fate-current = ve hře
ks-reason-words = víc než jedno slovo
ks-reason-same = je to přímo element
ks-reason-translation = překlad elementu
ks-reason-stem = sdílí kořen s elementem
ks-reason-all_dreamt = všichni už snili
ks-reason-too_few_players = zbývají méně než 4 hráči
ks-clue_mode-text = psané nápovědy
ks-clue_mode-voice = mluvené nápovědy
ks-language-cs = čeština
ks-language-ru = ruština
ks-language-en = angličtina

ks-game_started = 🌙 Začíná Když sním: { $players_count } { $players_count ->
    [one] hráč
    [few] hráči
    [many] hráče
   *[other] hráčů
}, { $rounds } { $rounds ->
    [one] kolo
    [few] kola
    [many] kola
   *[other] kol
}, elementy: { $language }, { $clue_mode }.
ks-night_started = 🌙 Noc { $round }: Snílkem je { $dreamer }. Pořadí nápověd: { $clue_order }. Karty ve hře: Víla × { $fairies }, Bubák × { $boogeymen }, Rarach × { $sandmen }. Přesýpací hodiny: { $seconds } s.
ks-your_role = Noc { $round }: tvoje role je **{ $role }**.
ks-element = { $aliases_count ->
    [0] Snová karta { $card }: **{ $word }**
   *[other] Snová karta { $card }: **{ $word }** (také: { $aliases })
}
ks-clue_turn = ✏️ { $player }, tvoje nápověda ({ $seconds } s).
ks-clue_given = { $player } dal(a) nápovědu.
ks-clue_passed = { $player } vynechává.
ks-clue_skipped = { $player } nestihl(a) a je přeskočen(a).
ks-clue_refused = ❌ Nápověda „{ $clue }“ od { $player } k **{ $word }** je faul: { $reason }.
ks-card_changed = 🔄 Snová karta se vyměnila: { $offender } dostává trestnou kartu.
ks-next_card = ➡️ Další snová karta.
ks-guess_judged = { $passed ->
    [yes] Snová karta { $card }: Snílek vynechal **{ $word }** ({ $pile }).
   *[no] Snová karta { $card }: Snílek hádal „{ $guess }“ pro **{ $word }**: { $pile }.
}
ks-foul_reported = ⚠️ { $reporter } hlásí faul v nápovědě od { $accused }.
ks-foul_rejected = Nahlášení faulu { $accused } je zamítnuto.
ks-foul_lapsed = Nahlášení faulu { $accused } propadá: ta snová karta už není ve hře.
ks-foul_confirmed = Faul { $offender } je potvrzen: **{ $word }** se stává trestnou kartou.
ks-time_up = ⏰ Čas vypršel! Žádné další nápovědy. { $dreamer }, můžeš hádat naposledy ({ $seconds } s).
ks-card_unused = Poslední snová karta, **{ $word }**, zůstává nevyužita.
ks-night_over = { $guessed ->
    [yes] 🌅 Noc skončila.
   *[no] 🌅 Noc skončila; poslední snová karta zůstává nevyužita.
}
ks-recap_open = 💭 { $dreamer }, zrekapituluj svůj sen: vyjmenuj v jedné zprávě elementy, které jsi hádal(a) ({ $seconds } s).
ks-recap_missed = Rekapitulace nepřišla včas: bez bonusu.
ks-day_started = ☀️ Den { $round }: { $dreamer } se probouzí.
ks-roles_revealed = Role: { $roles }.
ks-card_revealed = { $result ->
    [yellow] { $card }. **{ $word }** — uhodnuto („{ $guess }“)
    [blue] { $passed ->
        [yes] { $card }. **{ $word }** — vynecháno
       *[no] { $card }. **{ $word }** — neuhodnuto („{ $guess }“)
    }
    [penalty] { $card }. **{ $word }** — trestná karta pro { $holder }
   *[other] { $card }. **{ $word }** — nevyužito
}
ks-recap_revealed = { $given ->
    [yes] { $bonus ->
        [yes] Rekapitulace: „{ $recap }“ — všechny uhodnuté elementy zapamatovány: Snílek +2!
       *[no] Rekapitulace: „{ $recap }“ — bez bonusu.
    }
   *[no] Bez rekapitulace, bez bonusu.
}
ks-round_scores = Noc { $round }: uhodnuto { $yellow }, neuhodnuto { $blue }. Body: { $points }. Celkem (po odečtení trestů): { $totals }.
ks-next_dreamer = { $player } bude dalším Snílkem a zahájí další noc.
ks-player_left = { $player } opustil(a) hru.
ks-host_changed = Hostitelem je teď { $player }.
ks-final_standing = { $rank }. { $player }: { $score } ({ $points } { $points ->
    [one] bod
    [few] body
    [many] bodu
   *[other] bodů
} − { $penalties } { $penalties ->
    [one] trestná karta
    [few] trestné karty
    [many] trestné karty
   *[other] trestných karet
}){ $left ->
    [yes] , opustil(a) hru
   *[no] {""}
}
ks-spare_revealed = Noc { $round }: odložená karta byla { $role }.
ks-game_over = 🏁 Konec hry ({ $reason }). { $winners_count ->
    [1] Vítěz: { $winners }.
   *[other] Vítězové: { $winners }.
} Seed: { $seed }.

ks-dream = Hádej aktuální element (jednou), nebo vynechej.
ks-clue = Tvoje nápověda: jedno slovo.
ks-foul_review = Byla to nepovolená nápověda? Potvrď, nebo zamítni.
ks-last_guess = Čas vypršel: poslední tip, nebo vynechej.
ks-recap = Zrekapituluj sen: vyjmenuj elementy, které jsi hádal(a).
ks-next_night = Zahájit další noc.

ks-button-guess = Hádat
ks-button-pass = Vynechávám
ks-button-clue = Nápověda
ks-button-report = Nahlásit faul
ks-button-confirm = Potvrdit faul
ks-button-reject = Zamítnout
ks-button-recap = Rekapitulace
ks-button-start_night = Zahájit noc
ks-button-leave = Opustit hru
ks-placeholder-accused = Kdo dal nepovolenou nápovědu?

ks-option-language = Jazyk elementů
ks-option-clue_mode = Nápovědy
ks-option-clue_seconds = Sekund na nápovědu
ks-option-round_seconds = Sekund na noc
ks-option-last_guess_seconds = Sekund na poslední tip
ks-option-recap_seconds = Sekund na rekapitulaci

ks-error-bad_action = To teď nejde.
ks-error-bad_override = Připravené rozdání nebo balíček není platný.
ks-error-bad_target = Tohoto hráče nelze označit.
ks-error-wrong_phase = V této fázi to nejde.
ks-error-empty_clue = Zpráva nemá žádná písmena ani číslice; nepočítá se.
ks-error-empty_guess = Tip nemá žádná písmena ani číslice; nepočítá se.
ks-error-foul_pending = Právě se posuzuje jiné nahlášení faulu.
ks-error-no_reviewer = Nezbyl nikdo, kdo by nahlášení mohl posoudit.
ks-error-not_a_player = V této hře nehraješ.
ks-error-not_clue_giver = Faul mohou hlásit jen ti, kdo dávají nápovědy.
ks-error-not_dreamer = To může jen Snílek.
ks-error-not_in_game = Tuto hru jsi opustil(a).
ks-error-not_reviewer = Toto nahlášení neposuzuješ ty.
ks-error-not_your_turn = Teď nejsi na řadě.
ks-error-stale_card = Snová karta se už vyměnila.
