## Společné texty bota: lobby, příkazy, ovládání hostitele, chyby.

common-nobody = nikdo
common-on = zapnuto
common-off = vypnuto
common-default = výchozí
common-next_page = Další…
common-seconds = { $count ->
    [one] { $count } sekunda
    [few] { $count } sekundy
    [many] { $count } sekundy
   *[other] { $count } sekund
}
common-players_either = { $second ->
    [one] { $first } nebo { $second } hráč
    [few] { $first } nebo { $second } hráči
    [many] { $first } nebo { $second } hráče
   *[other] { $first } nebo { $second } hráčů
}
common-players_range = { $max ->
    [one] { $min }–{ $max } hráč
    [few] { $min }–{ $max } hráči
    [many] { $min }–{ $max } hráče
   *[other] { $min }–{ $max } hráčů
}
common-dm_header = 🎲 **{ $game }** · { $server } · hra č. { $id }
common-dm_closed = { $player }, nepodařilo se mi vám poslat soukromou zprávu. Otevřete zde `/hra moje` (`/game mine`): uvidíte, co v této hře patří jen vám, a co teď můžete udělat.
common-your_move = Jste na tahu.
common-time_left = { $seconds ->
    [one] Zbývá { $seconds } sekunda.
    [few] Zbývají { $seconds } sekundy.
    [many] Zbývá { $seconds } sekundy.
   *[other] Zbývá { $seconds } sekund.
}
common-no_games = Na tomto serveru teď neběží žádná hra. Založte ji příkazem `/hra začít` (`/game start`).
common-not_in_game = Nehrajete v žádné probíhající hře.
common-no_game_here = V tomto kanálu žádná hra není. Založte ji příkazem `/hra začít` (`/game start`).
common-aborted = { $by } zastavuje hru.
common-muted_role = Nocturne #{ $id }: mimo hru
common-language_set = Jazyk bota: { $language }.

common-button-skip = Přeskočit
common-button-pass = Pas
common-button-ready = Hotovo

common-lobby-title = lobby č. { $id }
common-lobby-host = Hostitel: { $host }
common-lobby-seats = Hráči ({ $count }; potřeba { $min }–{ $max }): { $players }
common-lobby-narrator = Vypravěč: { $narrator }
common-lobby-options = Nastavení: { $options }
common-lobby-join = Přidat se
common-lobby-leave = Odejít
common-lobby-start = Začít
common-lobby-settings = Nastavení
common-lobby-cancel = Zrušit
common-lobby-pick_narrator = Vypravěč (nepovinný, nehraje)…
common-lobby-opened = Lobby č. { $id } je otevřené. Hráči mačkají „Přidat se“, vy pak „Začít“, až budou všichni uvnitř.
common-lobby-joined = Jste ve hře. Až začne, přijde vám role soukromou zprávou.
common-lobby-left = Už nejste v lobby.
common-lobby-settings_help = Nastavení hostitele (platí od chvíle, kdy stisknete „Začít“):
common-lobby-saved = Uloženo.
common-lobby-expired = Toto lobby se zavřelo: do hodiny hru nikdo nespustil. Otevřete nové příkazem `/hra začít` (`/game start`).
common-lobby-counts_label = Počty rolí, například: hlídka=2 obyvatel=5
common-lobby-started = Hra začala!
common-lobby-seats_of = Hráči ({ $count } z { $seats }): { $players }
common-lobby-watchers = Diváci: { $players }
common-lobby-watching = Všechna místa jsou obsazená, takže se díváte: ve vlákně hry uvidíte všechny veřejné tahy, nic tajného vám ale nepřijde.

common-host-panel = Ovládání hostitele:
common-host-pause = Pozastavit časovače
common-host-resume = Spustit časovače
common-host-extend = +{ $seconds } s
common-host-remove = Odebrat hráče, který už nehraje…
common-host-done-pause = Časovače jsou pozastavené.
common-host-done-resume = Časovače znovu běží.
common-host-done-extend = Čas je prodloužen.
common-host-done-skip = Přeskočeno.
common-host-done-remove = Hráč je odebrán.

common-error-bad_input = Taková možnost u příkazu není. Vyberte ze seznamu.
common-error-internal = Na naší straně se něco pokazilo; nic se nezměnilo. Zkuste to prosím znovu.
common-error-no_game = Tahle hra už neexistuje.
common-error-corrupt_game = Tuto hru se nepodařilo načíst.
common-error-not_lobby = Toto lobby je už zavřené.
common-error-not_running = Tato hra neprobíhá.
common-error-already_paused = Časovače už jsou pozastavené.
common-error-not_paused = Časovače nejsou pozastavené.
common-error-not_host = To může jen hostitel (nebo vypravěč či někdo s oprávněním Spravovat server).
common-error-not_admin = K tomu potřebujete oprávnění Spravovat server.
common-error-already_seated = V tomto lobby už jste.
common-error-lobby_full = Lobby je plné ({ $max ->
    [one] { $max } hráč
    [few] { $max } hráči
    [many] { $max } hráče
   *[other] { $max } hráčů
}).
common-error-narrator_cannot_play = Vypravěč nemůže zároveň hrát.
common-error-not_seated = V tomto lobby nejste.
common-error-too_few_players = { $count ->
    [one] V lobby je jen { $count } hráč
    [few] V lobby jsou jen { $count } hráči
    [many] V lobby je jen { $count } hráče
   *[other] V lobby je jen { $count } hráčů
}; tato hra potřebuje alespoň { $min }.
common-error-no_option = Takové nastavení neexistuje.
common-error-bad_counts = Počty zapište takto: { $example }
common-error-stale_prompt = Pozdě: tahle volba už je uzavřená a hra pokračuje dál.
common-error-not_your_turn = Nejste na tahu.
common-error-game_over = Hra skončila.
common-error-not_a_player = V této hře nehrajete.
common-error-bad_option = Toto nastavení takovou hodnotu nepřijímá: vyberte jednu z nabízených v panelu nastavení.
common-error-player_count = Tato hra potřebuje { $max ->
    [one] { $min }–{ $max } hráče
    [few] { $min }–{ $max } hráče
    [many] { $min }–{ $max } hráče
   *[other] { $min }–{ $max } hráčů
}, ne { $count }.
common-error-duplicate_player = Jeden hráč sedí u stolu dvakrát.
common-error-bad_action = To teď nejde.
common-error-wrong_phase = V této fázi to nejde.
common-error-bad_target = Tohle vybrat nemůžete.
common-error-already_done = To už máte hotové.
common-error-not_alive = Už nejste ve hře.

cmd-game-name = hra
cmd-game-description = Zahrajte si noční společenskou hru
cmd-start-name = začít
cmd-start-description = Otevřít v tomto kanálu lobby pro hru
cmd-start-game = Která hra
cmd-status-name = stav
cmd-status-description = Ukázat hry v tomto kanálu
cmd-mine-name = moje
cmd-mine-description = Vaše role, karty a otevřené volby (jen pro vás)
cmd-say-name = napsat
cmd-say-description = Napište, co od vás hra právě čeká: nápovědu, tip, shrnutí
cmd-say-text = Váš text
cmd-leave-name = odejít
cmd-leave-description = Odejít ze hry, kterou tady hrajete
cmd-abort-name = ukončit
cmd-abort-description = Zastavit hru v tomto kanálu (hostitel nebo oprávnění Spravovat server)
cmd-rules-name = pravidla
cmd-rules-description = Jak se hra hraje
cmd-language-name = jazyk
cmd-language-description = Jazyk bota na tomto serveru
cmd-language-language = Jazyk
cmd-host-name = řízení
cmd-host-description = Ovládání hostitele: pauza, prodloužení, přeskočení, odebrání hráče
cmd-choice-night_watch = Noční hlídka
cmd-choice-kdyz_snim = Když sním
cmd-choice-ghost_at_home = Dům duchů
cmd-choice-midnighters = Půlnočníci
cmd-choice-midnight_hunt = Půlnoční hon

## Controls and timers every game shares.
common-deadline = končí { $when }
common-more = …
common-back = ↩ Zpět
common-choose = Vybrat
common-button-leave = Opustit hru
common-present_failed = ⚠️ Tento tah se nepodařilo správně zobrazit; hra pokračuje. Své možnosti najdete v `/hra moje` (`/game mine`).
common-prompt_closed = Tato volba je uzavřená.
common-error-stale = Tato volba už není otevřená: hra pokročila dál.
common-error-not_legal = Tato kombinace tu není povolená. Otevřete volbu znovu a vyberte z nabídky.
common-error-not_yours = Tyto ovládací prvky patří jinému hráči.
common-type_here = Vaše odpověď
common-lobby-won = Hra skončila. Vítězové: { $winners }.
common-lobby-draw = Hra skončila remízou.
common-lobby-ended = Hra skončila: { $ending }
common-back-restart = Jsem zpět po { $away } nepřítomnosti (restart). Ten čas se nikomu nepočítá: všechny hodiny stály a každá otevřená volba má tolik času, kolik jí zbývalo, nejméně { $grace ->
    [one] { $grace } sekundu
    [few] { $grace } sekundy
    [many] { $grace } sekundy
   *[other] { $grace } sekund
  }; nový konec ukazuje její zpráva. Pokud jste mezitím na něco klikli, klikněte prosím znovu.
common-back-gateway = Jsem zpět, spojení s Discordem bylo { $away } přerušeno. Ten čas se nikomu nepočítá: všechny hodiny stály a každá otevřená volba má tolik času, kolik jí zbývalo, nejméně { $grace ->
    [one] { $grace } sekundu
    [few] { $grace } sekundy
    [many] { $grace } sekundy
   *[other] { $grace } sekund
  }; nový konec ukazuje její zpráva. Pokud jste mezitím na něco klikli, klikněte prosím znovu.
common-duration-minutes = { $minutes } min { $seconds } s
common-duration-seconds = { $seconds } s
common-you_left = 👋 Už nejste ve hře; ostatní hrají dál bez vás.
common-dm_hello = 👋 Jste ve hře. Vaše role, vaše karty a soukromé volby budou chodit sem, do této konverzace.
common-dm_closed_at_join = ⚠️ Nemohu vám posílat soukromé zprávy, takže vaše role a soukromé volby by se k vám nedostaly. Povolte přímé zprávy z tohoto serveru (název serveru → Nastavení soukromí → Přímé zprávy), nebo během hry použijte `/game mine` v kanálu hry.
common-moderators_read_threads = 🔎 Upozornění pro hostitele: hráči { $players } mohou na tomto serveru spravovat vlákna a Discord jim dovoluje číst soukromá vlákna, takže týmová vlákna hry před nimi nejsou tajná.
common-typed_cannot_delete = ⚠️ Upozornění pro hostitele: v tomto kanálu nemohu mazat zprávy (chybí oprávnění „Spravovat zprávy“), takže zprávy ve vlákně hry, které se podle pravidel mažou, včetně tipů Snílka, zůstanou vidět. Dejte mi oprávnění Spravovat zprávy, nebo hrajte tlačítky.
common-nothing_to_type = ⚠️ Hra od vás teď žádný text nečeká (nápověda nebo tip čekají, až na ně přijde řada).
