## Když sním — klíče událostí "ks.<event>"; viz engines/kdyz_snim a shared/rules/kdyz_snim.md.

ks-name = Když sním
ks-tagline = Jeden hráč sní, ostatní mu šeptají jednoslovné nápovědy. Víly pomáhají, Bubáci matou, Raraši chtějí rovnováhu.
ks-recommended = Doporučeno: 6 a více hráčů.
ks-lobby-joined = Jste ve hře. Každou noc vám soukromou zprávou přijde vaše role, a pokud nejste Snílek, i snová karta; nápovědy a tipy jsou ve vlákně hry.

ks-role-dreamer = Snílek
ks-role-fairy = Víla
ks-role-boogeyman = Bubák
ks-role-sandman = Rarach
ks-role-help-dreamer = Snové karty nevidíte. Každý element hádejte jednou, kdykoli budete chtít, a pamatujte si své tipy: kdo je ráno všechny vyjmenuje, získá +2.
ks-role-help-fairy = Vaším cílem jsou správné tipy Snílka: 1 bod za každý element na žluté hromádce. Dávejte užitečné nápovědy.
ks-role-help-boogeyman = Vaším cílem jsou chybné tipy Snílka: 1 bod za každý element na modré hromádce (špatně nebo vynecháno). Svádějte sen z cesty, ať vás neprokouknou.
ks-role-help-sandman = Chcete rovnováhu: stejně velká žlutá a modrá hromádka vynese nejvíc (žlutá + 2); rozdíl jedné karty vynese větší hromádku, větší rozdíl tu menší.

ks-pile-yellow = uhodnuto, žlutá hromádka
ks-pile-blue = neuhodnuto, modrá hromádka
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
ks-reason-too_few_players = zbývá méně než 4 hráči
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
    [one] noc
    [few] noci
    [many] noci
   *[other] nocí
} (každý bude jednou Snílkem), elementy: { $language }, { $clue_mode }. Poslouchejte Víly, ale pozor na Bubáky a Rarachy: vzpomene si Snílek na svůj sen, až přijde svítání?
ks-night_started = 🌙 Noc { $round }: Snílkem je { $dreamer }. Sen začíná a u postele se scházejí duchové, aby šeptali nápovědy. Pořadí nápověd: { $clue_order }. Duchové této noci: Víla × { $fairies }, Bubák × { $boogeymen }, Rarach × { $sandmen }. Přesýpací hodiny: { $seconds } s.
ks-your_role = Noc { $round }: vaše role je **{ $role }**.
ks-element = { $aliases_count ->
    [0] 🎴 Snová karta { $card }: **{ $word }**
   *[other] 🎴 Snová karta { $card }: **{ $word }** (také: { $aliases })
}
ks-clue_turn = ✏️ { $player }, vaše nápověda ({ $seconds } s).
ks-clue_given = { $player } dává nápovědu.
ks-clue_passed = { $player } vynechává.
ks-clue_skipped = Hráči { $player } vypršel čas, tah přechází dál.
ks-clue_refused = ❌ Nápověda „{ $clue }“ hráče { $player } k elementu **{ $word }** je faul: { $reason }.
ks-card_changed = 🔀 Snová karta se vyměnila: { $offender } dostává trestnou kartu.
ks-next_card = ➡️ Další snová karta.
ks-guess_judged = { $passed ->
    [yes] Snová karta { $card }, **{ $word }**: Snílek ji vynechává — { $pile }.
   *[no] Snová karta { $card }, **{ $word }**: tip Snílka „{ $guess }“ — { $pile }.
}
ks-foul_reported = ⚠️ Hlášení faulu: { $reporter } obviňuje hráče { $accused }.
ks-foul_rejected = Hlášení faulu proti hráči { $accused } je zamítnuto.
ks-foul_lapsed = Hlášení faulu proti hráči { $accused } propadá: ta snová karta už není ve hře.
ks-foul_confirmed = Faul hráče { $offender } je potvrzen: **{ $word }** se stává trestnou kartou.
ks-time_up = ⏳ Přesýpací hodiny jsou prázdné! Žádné další nápovědy. { $dreamer }, můžete hádat naposledy ({ $seconds } s).
ks-card_unused = Poslední snová karta, **{ $word }**, zůstává nevyužita.
ks-night_over = { $guessed ->
    [yes] 🌅 Duchové utichají: noc skončila.
   *[no] 🌅 Duchové utichají: noc skončila a poslední snová karta zůstává nevyužita.
}
ks-deck_empty = 🌅 Dnes v noci se vytáhly všechny snové karty ze seznamu: noc skončila.
ks-recap_open = 💭 { $dreamer }, ještě než otevřete oči, zrekapitulujte svůj sen: vyjmenujte v jedné zprávě elementy ze svých tipů ({ $seconds } s).
ks-recap_missed = Rekapitulace nepřišla včas: bez bonusu.
ks-day_started = ☀️ Den { $round }: { $dreamer } se probouzí a sundává si masku z očí.
ks-roles_revealed = Role: { $roles }.
ks-card_revealed = { $result ->
    [yellow] { $card }. **{ $word }** — uhodnuto („{ $guess }“)
    [blue] { $passed ->
        [yes] { $card }. **{ $word }** — vynecháno
       *[no] { $card }. **{ $word }** — neuhodnuto („{ $guess }“)
    }
    [penalty] { $card }. **{ $word }** — trestná karta hráče { $holder }
   *[other] { $card }. **{ $word }** — nevyužito
}
ks-recap_revealed = { $given ->
    [yes] { $bonus ->
        [yes] Rekapitulace: „{ $recap }“ — všechny uhodnuté elementy zapamatovány: Snílek +2!
       *[no] Rekapitulace: „{ $recap }“ — bez bonusu.
    }
   *[no] Bez rekapitulace, bez bonusu.
}
ks-round_scores = Noc { $round }: uhodnuto { $yellow }, neuhodnuto { $blue }. Body: { $points }. Celkem (po odečtení trestných karet): { $totals }.
ks-next_dreamer = { $player } bude dalším Snílkem a zahájí další noc.
ks-player_left = { $player } odchází ze hry.
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
    [yes] , mimo hru
   *[no] {""}
}
ks-spare_revealed = Noc { $round }: odložená karta byla { $role }.
ks-game_over = 🏁 Konec hry ({ $reason }). { $winners_count ->
    [1] Vítěz: { $winners }.
   *[other] Vítězové: { $winners }.
} Semínko: { $seed }.

ks-dream = Hádejte aktuální element (jednou), nebo ho vynechte.
ks-clue = Vaše nápověda: jedno slovo.
ks-foul_review = Byla to nepovolená nápověda? Potvrďte, nebo zamítněte.
ks-last_guess = Čas vypršel: poslední tip, nebo vynechte.
ks-recap = Zrekapitulujte sen: vyjmenujte elementy ze svých tipů.
ks-next_night = Zahájit další noc.

ks-button-guess = Hádat
ks-button-pass = Vynechávám
ks-button-clue = Nápověda
ks-button-report = Nahlásit faul
ks-button-confirm = Potvrdit faul
ks-button-reject = Zamítnout
ks-button-recap = 📝 Rekapitulace
ks-button-start_night = 🌙 Zahájit noc
ks-button-leave = Opustit hru
ks-placeholder-accused = Kdo dal nepovolenou nápovědu?

ks-option-language = Jazyk elementů
ks-option-clue_mode = Nápovědy
ks-option-clue_seconds = Sekund na nápovědu
ks-option-round_seconds = Sekund na noc
ks-option-last_guess_seconds = Sekund na poslední tip
ks-option-recap_seconds = Sekund na rekapitulaci

ks-error-bad_action = Takový tah tato hra nemá.
ks-error-bad_override = Připravené rozdání nebo balíček není platný.
ks-error-bad_target = Tohoto hráče nelze označit.
ks-error-wrong_phase = V této fázi to nejde.
ks-error-empty_clue = Zpráva nemá žádná písmena ani číslice; nepočítá se.
ks-error-empty_guess = Tip nemá žádná písmena ani číslice; nepočítá se.
ks-error-foul_pending = Právě se posuzuje jiné nahlášení faulu.
ks-error-no_reviewer = Nezbyl nikdo, kdo by nahlášení mohl posoudit.
ks-error-not_a_player = V této hře nehrajete.
ks-error-not_clue_giver = Faul mohou hlásit jen ti, kdo dávají nápovědy.
ks-error-not_dreamer = To může jen Snílek.
ks-error-not_in_game = V této hře už nejste.
ks-error-not_reviewer = Toto hlášení neposuzujete vy.
ks-error-not_your_turn = Teď nejste na řadě.
ks-error-stale_card = Snová karta se už vyměnila.
ks-error-dreamer_no_clue = Snílek nedává nápovědy, jen hádá.
ks-error-no_clue_yet = K této snové kartě zatím nikdo jiný nápovědu nedal, není co hlásit.
ks-error-start_night_only = Teď lze jen zahájit další noc.
ks-error-host_cannot = Hostitel nehraje: může odebrat hráče, posoudit faul, když je na řadě, a zahájit další noc.
ks-error-clue_or_pass = Ve svém tahu dejte nápovědu, nebo tah vynechte.
ks-error-guess_or_pass = Snílek může jen hádat snovou kartu, nebo ji vynechat.
ks-error-confirm_or_reject = Nahlášený faul lze jen potvrdit, nebo zamítnout.
ks-error-recap_only = Teď je čas na rekapitulaci: vyjmenujte elementy ze svých tipů této noci.

## Discord (cogs/kdyz_snim/presenter.py)

ks-quoted = „{ $text }“
ks-value-card = karta { $card }
ks-input-text = Vaše slovo (nebo slova)
ks-button-giver_clue = ✏️ Dát nápovědu
ks-button-giver_pass = Vynechat tah
ks-button-dreamer_guess = 💭 Hádat
ks-button-dreamer_pass = Vynechat kartu
ks-button-last_guess = 💭 Poslední tip
ks-button-last_pass = Bez posledního tipu

ks-night-dreamer = 💭 { $dreamer } sní; ve hře je snová karta { $card }. Snílku, až budete vědět, stiskněte **Hádat** (jeden tip na kartu), nebo kartu vynechte.
ks-night-dreamer_text = 💭 { $dreamer } sní. Snílku, tlačítka **Hádat** a **Vynechat kartu** najdete u každé snové karty níže (jeden tip na kartu).
ks-night-voice = 🎙️ Nápovědy zaznívají v hlasovém kanálu, po jednom slově, v tomto pořadí: { $order }.
ks-turn = ✏️ { $player }, vaše nápověda ke snové kartě { $card }: jedno slovo, nebo vynechte.
ks-turn-clue = 💬 **{ $player }**: { $clue }
ks-turn-passed = ⏭️ { $player } vynechává.
ks-turn-skipped = ⌛ Hráči { $player } vypršel čas.
ks-turn-refused = ❌ Nápověda hráče { $player } porušila pravidla a není zobrazena.
ks-turn-over = ✏️ Na nápovědu hráče { $player } k této kartě už nedošlo.
ks-turn-none = 🎴 Snová karta { $card }: bez nápověd.
ks-turn-closed = 🎴 Snová karta { $card }:
ks-last_guess-prompt = ⏳ Přesýpací hodiny jsou prázdné: žádné další nápovědy. { $dreamer }, poslední tip na snovou kartu { $card }, nebo vynechte.
ks-recap-prompt = 💭 { $dreamer }, ještě než otevřete oči, zrekapitulujte svůj sen: stiskněte **Rekapitulace** a vyjmenujte elementy ze svých dnešních tipů, oddělené čárkami.
ks-next_night-prompt = ☀️ Dalším Snílkem je { $player }: až budou všichni připraveni, stiskněte **Zahájit noc**. Hostitel ji může zahájit i přes `/game host`.

ks-review-prompt = ⚖️ { $reporter } hlásí faul: obviňuje hráče { $accused } (snová karta { $card }).
ks-review-voice = Nápovědy zazněly v hlasovém kanálu.
ks-review-clues = Nápovědy hráče { $accused } k této kartě: { $clues }
ks-review-ask = Potvrďte, pokud nápověda porušila pravidla (víc slov, přímo element, překlad nebo stejný kořen): karta se pak stane trestnou kartou hráče { $accused }. Jinak hlášení zamítněte.

ks-dm-role = 🌙 **Noc { $round }**: do snu přicházíte jako **{ $role }**. { $help }
ks-dm-no_card = 🌅 Nápovědy skončily: Snílek si vybavuje sen.
ks-dm-tally = 📜 Zatím tuto noc: 🟡 uhodnuto: { $yellow } · 🔵 špatně nebo vynecháno: { $blue } · 🟥 trestné karty: { $penalty }
ks-dm-card-yellow = { $card }. **{ $word }** — 🟡 uhodnuto: „{ $guess }“
ks-dm-card-blue = { $card }. **{ $word }** — 🔵 špatně: „{ $guess }“
ks-dm-card-passed = { $card }. **{ $word }** — 🔵 vynecháno
ks-dm-card-penalty = { $card }. **{ $word }** — 🟥 trestná karta hráče { $holder }
ks-dm-card-unused = { $card }. **{ $word }** — ⚪ nevyužito
ks-dm-older = … a { $count } { $count ->
    [one] starší karta
    [few] starší karty
    [many] starší karty
   *[other] starších karet
}
ks-dm-over = 🌅 Noc { $round } skončila: odhalení najdete ve vlákně hry.
ks-dm-left = Už nejste ve hře; další snové karty nedostanete.
ks-mine-dreamer = 💭 Noc { $round }: jste **Snílek**. { $help }

ks-ack-guess = 💭 Váš tip „{ $text }“ je zapsán.
ks-ack-pass = ⏭️ Vynecháno.
ks-ack-clue = ✏️ Odesláno: „{ $text }“.
ks-ack-recap = 📝 Vaše rekapitulace je zapsána.
ks-ack-report = 🚩 Vaše hlášení proti hráči { $accused } jde k posouzení.
ks-answer-refused = ❌ Vaše nápověda „{ $clue }“ porušila pravidla ({ $reason }): snová karta se stala vaší trestnou kartou a vyměnila se.
ks-typed-notice = { $mode ->
    [voice] ⌨️ Psát můžete i přímo do tohoto vlákna: tipy Snílka (každý se hned smaže) a ranní rekapitulaci. Během rekapitulace se zprávy ostatních mažou. Smaže se i zpráva, kterou v noci upraví Snílek nebo během rekapitulace kdokoli jiný.
   *[text] ⌨️ Psát můžete i přímo do tohoto vlákna: svou nápovědu, když vás bot vyzve (nebo slovo „{ $pass_word }“), tipy Snílka (každý se hned smaže) a ranní rekapitulaci. V noci a během rekapitulace se ostatní zprávy mažou, stejně jako každá zpráva upravená v té době (v seznamu nápověd zůstává původní znění).
}

ks-summary-roles = 🎭 Role: { $roles }
ks-summary-yellow = 🟡 Žlutá hromádka, uhodnuto ({ $count }): { $cards }
ks-summary-blue = 🔵 Modrá hromádka, špatně nebo vynecháno ({ $count }): { $cards }
ks-summary-penalty = 🟥 Trestné karty ({ $count }): { $cards }
ks-summary-unused = ⚪ Nevyužito ({ $count }): { $cards }
ks-summary-guess = **{ $word }** („{ $guess }“)
ks-summary-passed = **{ $word }** (vynecháno)
ks-summary-held = **{ $word }** ({ $holder })
ks-summary-points = 📊 Body za tuto noc: { $points }
ks-summary-totals = 🏅 Celkem (po odečtení trestných karet): { $totals }
ks-summary-left = mimo hru
ks-summary-penalties = { $count ->
    [one] { $count } trestná karta
    [few] { $count } trestné karty
    [many] { $count } trestné karty
   *[other] { $count } trestných karet
}

ks-final-title = 🏁 **Konec hry**: { $reason }.
ks-final-winners = 🏆 { $count ->
    [one] Vítěz: { $winners }
    [few] Sdílené vítězství: { $winners }
    [many] Sdílené vítězství: { $winners }
   *[other] Sdílené vítězství: { $winners }
}
ks-final-tie = ⚖️ Shodné skóre: výš je ten, kdo má méně trestných karet; kdo je stále na stejno, dělí se o místo.
ks-final-spares = 🃏 Odložené karty: { $spares }
ks-final-spare = noc { $round }: { $role }
ks-final-seed = 🎲 Semínko: { $seed }

ks-status = Noc { $round } · { $phase } · Snílek: { $dreamer }
ks-status-card = Ve hře je snová karta { $card }.
ks-status-giver = Na tahu s nápovědou: { $player }.
ks-phase-night = sen
ks-phase-last_guess = poslední tip
ks-phase-recap = rekapitulace
ks-phase-day = den
ks-phase-over = konec hry

ks-error-game_over = Hra skončila.
ks-error-stale_prompt = Pozdě: tato volba je uzavřená a hra pokročila.

# KS-30: závěrečná scéna posledního rána
ks-final-scene = 🌄 Přichází poslední ráno a duchové mizí se světlem. Konečné pořadí:
# první soukromá zpráva, když se hráč přidá do lobby
ks-dm_hello = 👋 Jste ve hře. Každou noc sem přijde karta vašeho ducha (Víla, Bubák, nebo Rarach) a snové karty, kromě noci, kdy jste Snílkem vy.
