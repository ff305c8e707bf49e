## Noční hlídka (Ночная Стража) — Mafie na Babylonu 5. Klíče událostí jsou "nw.<událost>"; viz engines/night_watch.

nw-name = Noční hlídka
nw-tagline = Mafie na Babylonu 5, rok 2260. Stanice spí, Noční hlídka ne.
nw-recommended = Doporučeno: 10 a více hráčů.

nw-role-citizen = Obyvatel stanice
nw-role-watch = Člen Noční hlídky
nw-role-wells = Pan Wells — velitel Noční hlídky
nw-role-garibaldi = Michael Garibaldi — šéf bezpečnosti
nw-role-zack = Zack Allan — zástupce šéfa bezpečnosti
nw-role-bester = Alfred Bester — psi-policista
nw-role-franklin = Doktor Franklin — vedoucí MedLabu

nw-role-help-citizen = V noci nemáte žádnou schopnost. Odhalte Noční hlídku a přes den ji pošlete do vězení.
nw-role-help-watch = Každou noc se s Hlídkou dohodněte na oběti. Přes den se vydávejte za obyvatele stanice.
nw-role-help-wells = Vedete Hlídku: navrhujte oběť a každou noc prověřte jednoho hráče: slouží u bezpečnosti?
nw-role-help-garibaldi = Každou noc prověřte jednoho hráče: je členem Noční hlídky? (Psi-policistu prověrka neodhalí.)
nw-role-help-zack = Každou noc můžete vystřelit na jednoho hráče. Pozor: můžete zasáhnout i vlastní stranu.
nw-role-help-bester = Hrajete jen za sebe. Každou noc můžete vystřelit na jednoho hráče. Zůstaňte naživu jako poslední.
nw-role-help-franklin = Každou noc vyberte jednoho hráče (ne sebe): ten tu noc přežije každý výstřel.

## Jedno slovo, kterým hostitel píše roli ve formuláři počtů rolí (hlídka=2 obyvatel=5).
nw-count-citizen = obyvatel
nw-count-watch = hlídka
nw-count-wells = wells
nw-count-garibaldi = garibaldi
nw-count-zack = zack
nw-count-bester = bester
nw-count-franklin = franklin

nw-team-station = stanice
nw-team-watch = Noční hlídka
nw-team-bester = psi-policista

nw-task-kill = Oběť Hlídky
nw-task-check = Prověrka
nw-task-shoot = Výstřel
nw-task-save = Oživení

nw-game_started = Noční hlídka začíná: { $players_count ->
    [one] hraje { $players_count } hráč
    [few] hrají { $players_count } hráči
    [many] hraje { $players_count } hráče
   *[other] hraje { $players_count } hráčů
}. Role ve hře: { $roles }. Každý se svou roli dozví soukromě.
nw-your_role = Vaše role: **{ $role }**.
nw-watch_introduced = 🌑 Noc seznamování: Noční hlídka otevírá oči a poznává své členy: { $members }. Tady se v noci domlouváte na obětech; přes den se vydávejte za obyvatele stanice.
nw-dawn = { $dead_count ->
    [0] ☀️ Den { $day }. Stanice se probouzí. Noc proběhla klidně: nikdo nezemřel.
    [1] ☀️ Den { $day }. Stanice se probouzí do zlých zpráv. Oběť této noci: { $dead }.
   *[other] ☀️ Den { $day }. Stanice se probouzí do zlých zpráv. Oběti této noci: { $dead }.
}
nw-discussion_opened = 🗣️ Diskuse: kdo z vás patří k Noční hlídce? Až skončíte, stiskněte „Můžeme hlasovat“; hlasování začne, jakmile { $needed ->
    [one] bude připraven { $needed } živý hráč
    [few] budou připraveni { $needed } živí hráči
    [many] bude připraveno { $needed } živého hráče
   *[other] bude připraveno { $needed } živých hráčů
}.
nw-ready = Připraveno k hlasování: { $count } z { $needed }.
nw-vote_opened = 🗳️ Začíná hlasování: kdo půjde do vězení? Vyberte jednoho živého hráče; svůj hlas můžete měnit, dokud hlasování neskončí.
nw-vote_cast = { $voter } hlasuje proti hráči { $target }.
nw-jailed = ⛓️ { $player } jde do vězení. Dveře cely se zavírají.
nw-nobody_jailed = Nikdo nehlasoval. Dnes do vězení nikdo nepůjde.
nw-role_revealed = Role hráče { $player }: { $role }.
nw-night_falls = 🌙 Noc { $night }. Stanice usíná; noc se odehrává v soukromých zprávách.
nw-player_left = { $player } opouští hru.
nw-watch_proposal = { $player } navrhuje oběť: { $target }.
nw-watch_no_proposal = { $player } tuto noc nenavrhuje žádnou oběť.
nw-check_watch = { $result ->
    [yes] 🔍 Vypravěč přikyvuje: { $target } JE členem Noční hlídky.
   *[no] 🔍 Vypravěč vrtí hlavou: { $target } není členem Noční hlídky.
}
nw-check_security = { $result ->
    [yes] 🔍 Vypravěč přikyvuje: { $target } SLOUŽÍ u bezpečnosti.
   *[no] 🔍 Vypravěč vrtí hlavou: { $target } neslouží u bezpečnosti.
}
nw-game_over = { $winners_count ->
    [0] 🏁 Konec hry: { $outcome }.
   *[other] 🏁 Konec hry: { $outcome }. Vítězové: { $winners }.
}
nw-outcome-station_wins = vítězí stanice
nw-outcome-watch_wins = vítězí Noční hlídka
nw-outcome-psi_cop_wins = vítězí psi-policista
nw-outcome-nobody_alive = nikdo nepřežil: remíza
nw-outcome-stalemate = tři klidné dny a noci: remíza

nw-prompt-discussion = Diskutujte a pak stiskněte „Můžeme hlasovat“.
nw-prompt-vote = Hlasujte, kdo půjde do vězení.
nw-prompt-night = Noc { $night }: vyberte cíl.
nw-button-ready = Můžeme hlasovat
nw-button-skip = Přeskočit
nw-label-skip-task = Tuto noc nikoho
nw-placeholder-target = Vyberte hráče…
nw-reveal-title = Úplné odhalení
nw-reveal-night = Noc { $night }: { $actions }
nw-reveal-action = { $player } ({ $role }): { $task } → { $target }
nw-reveal-skipped = { $player } ({ $role }): { $task } — bez akce
nw-reveal-vote = Den { $day }: { $votes } → do vězení: { $jailed }
nw-reveal-seed = Semínko: { $seed }

nw-error-wrong_phase = V této fázi to nejde.
nw-error-already_done = To už máte hotové.
nw-error-bad_target = { $target ->
    [yourself] Pro sebe hlasovat nemůžete.
   *[other] Tohoto hráče vybrat nemůžete.
}
nw-error-not_alive = Vyřazení hráči už nic nedělají.
nw-error-bad_roles = { $rule ->
    [no_watch] Je potřeba alespoň jeden člen Noční hlídky.
    [garibaldi] Garibaldi musí být ve hře právě jeden.
    [unique] Každá zvláštní role smí být ve hře nejvýš jednou.
    [citizen] Je potřeba alespoň jeden obyvatel stanice.
   *[sum] Součet rolí je { $total }, ale u stolu { $count ->
        [one] sedí { $count } hráč
        [few] sedí { $count } hráči
        [many] sedí { $count } hráče
       *[other] sedí { $count } hráčů
    }.
}
nw-error-bad_action = Tohle vaše role neumí.
nw-error-bad_override = Rozdané role nejsou platné.

nw-voted = Hlasovalo: { $count } z { $total }.
nw-status = Den { $day }, { $phase }. Ve hře: { $alive }. Vyřazení: { $out }.
nw-phase-discussion = diskuse
nw-phase-vote = hlasování
nw-phase-night = noc
nw-phase-over = konec hry
nw-you_are_out = Už nejste ve hře; dál ji ale můžete sledovat.
nw-option-discussion_seconds = Diskuse
nw-option-vote_seconds = Hlasování
nw-option-night_seconds = Noc
nw-option-reveal_roles = Odhalovat role vyřazených
nw-option-roles = Počty rolí
nw-button-vote = Hlasovat
nw-button-kill = Oběť Hlídky
nw-button-check = Prověřit
nw-button-shoot = Vystřelit
nw-button-save = Oživit
nw-prompt-sleep = 🌙 Noc { $night }: nemáte žádný noční úkol. Zavřete oči a spěte; stanice se probudí za úsvitu.

# NW-10, NW-11: uzavřené hlasování se všemi hlasy
nw-vote_closed = 🗳️ Hlasování je uzavřeno. Konečný stav:
nw-vote_tie = Nerozhodně: hráči { $players } mají po { $votes } { $votes ->
    [one] hlasu
    [few] hlasech
    [many] hlasu
   *[other] hlasech
}; los padá na hráče { $player }.
# NW-21: jak vyhrává strana role
nw-role-goal-citizen = Vyhráváte se stanicí, když nezůstane naživu nikdo z Noční hlídky.
nw-role-goal-garibaldi = Vyhráváte se stanicí, když nezůstane naživu nikdo z Noční hlídky.
nw-role-goal-zack = Vyhráváte se stanicí, když nezůstane naživu nikdo z Noční hlídky.
nw-role-goal-franklin = Vyhráváte se stanicí, když nezůstane naživu nikdo z Noční hlídky.
nw-role-goal-watch = Vyhráváte s Noční hlídkou, když jsou všichni živí hráči z Hlídky.
nw-role-goal-wells = Vyhráváte s Noční hlídkou, když jsou všichni živí hráči z Hlídky.
nw-role-goal-bester = Vyhráváte jen za sebe, pokud zůstanete naživu jako poslední.
nw-what_next = Co bude dál: první noc se Noční hlídka seznamuje ve svém soukromém vlákně. Pak každý den stanice diskutuje ve vlákně hry a hlasováním posílá jednoho hráče do vězení; každou noc dostává každý živý hráč soukromou zprávu (noční role v ní jednají, ostatní spí).

# NW-6, NW-8: první úsvit přichází po noci seznamování, kdy nikdo nemůže zemřít
nw-dawn_first = ☀️ Den { $day }. Stanice se probouzí. První noc sloužila jen k seznámení: Noční hlídka už zná své členy a od dnešní noci loví.
# NW-12: co vypravěč říká, když budí každou roli (v pravidlech „Проснулся Гарибальди“), a její úkol
nw-wake-watch = 🌙 Noc { $night }. Noční hlídka se probouzí: beze slova vyberte oběť této noci.
nw-wake-wells = 🌙 Noc { $night }. Noční hlídka se probouzí a vy, pane Wellsi, ji vedete: vyberte oběť této noci a pak vyberte, koho prověřit: slouží u bezpečnosti?
nw-wake-garibaldi = 🌙 Noc { $night }. Garibaldi se probouzí: vyberte, koho prověřit: je členem Noční hlídky? (Psi-policistu prověrka neodhalí.)
nw-wake-zack = 🌙 Noc { $night }. Zack Allan se probouzí: vyberte, na koho vystřelit, nebo nestřílejte vůbec.
nw-wake-bester = 🌙 Noc { $night }. Psi-policista se probouzí a vyráží na lov: vyberte, na koho vystřelit, nebo nestřílejte vůbec.
nw-wake-franklin = 🌙 Noc { $night }. Doktor Franklin se probouzí v MedLabu: vyberte, koho tuto noc zachránit před výstřely (ne sebe).
nw-ack-skip = ✅ { $task }: tuto noc nikoho.
nw-ack-task = ✅ { $task }: { $target }
# NW-21: závěrečná scéna podle výsledku
nw-ending-station_wins = Noční hlídka je pryč. Poprvé po mnoha týdnech spí Babylon 5 v klidu.
nw-ending-watch_wins = Na stanici už není nikdo, kdo by se Noční hlídce postavil. Babylon 5 teď patří jí.
nw-ending-psi_cop_wins = V chodbách je ticho. Na nohou zůstává jen psi-policista.
nw-ending-nobody_alive = Chodby Babylonu 5 jsou prázdné: nikdo nepřežil.
nw-ending-stalemate = Tři dny a noci bez rozsudku a bez obětí; na stanici vládne nejisté příměří.
# první soukromá zpráva, když se hráč přidá do lobby
nw-dm_hello = 👋 Jste ve hře. Až hra začne, přijde sem vaše role a pak sem každou noc přijde zpráva: váš noční úkol, nebo klidný spánek.

# NW-5: kdo ta role na stanici je, podle popisů postav v pravidlech (jednou, v soukromé zprávě s rolí)
nw-role-story-citizen = 🏠 Babylon 5 má dost zvůle Noční hlídky a vy také.
nw-role-story-watch = 🌑 Když padne noc, Hlídka se schází a vybírá, koho nesnáší nejvíc.
nw-role-story-wells = 🌑 Vysoký úředník se zvláštními pravomocemi a tajný velitel Noční hlídky.
nw-role-story-garibaldi = 🛡️ Hlavní naděje obyvatel stanice: šéf bezpečnosti.
nw-role-story-zack = 🔫 Máte na Noční hlídku spadeno a vlastní způsob, jak si to s ní vyřídit. Můžete tak ale zastřelit nevinného obyvatele, nebo i vlastního šéfa.
nw-role-story-bester = 🧠 Chcete se zbavit všech „obyčejných“ lidí; nepatříte k Hlídce ani k obyvatelům a hrajete jen za sebe.
nw-role-story-franklin = 🩺 Jste humanista: zachránit chcete jakýkoli život, i život člena Noční hlídky.
