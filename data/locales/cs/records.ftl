## Férové rozdání, záznamy her, /game history a /game stats (bot/records.py, bot/stats.py, cogs/records.py).
## Vykání všude.

records-commit = Férové rozdání: každé zamíchání této hry vychází z tajného klíče, který je už zapečetěný. Jeho otisk, SHA-256 z `salt:seed`, je `{ $commitment }`; klíč se ukáže na konci hry, takže si kdokoli může ověřit rozdání i každé zamíchání.
records-reveal = Férové rozdání, odpečetěno: klíčem je semínko `{ $seed }` se solí `{ $salt }`; SHA-256 z `{ $salt }:{ $seed }` je `{ $commitment }`, tedy otisk zveřejněný na začátku.
records-no_commitment = Tato hra byla otevřena dřív, než se rozdání začala pečetit, takže její rozdání ověřit nelze.
records-secret_seed = { $game } navždy tají tažení žetonů z pytle i tahy Pečetí, takže záznam obsahuje jen veřejné tahy a přehrát ho nelze.
records-hidden_actions = Karty odhozené lícem dolů zůstávají v záznamu skryté, takže se přehraje jen do prvního takového odhození.
records-attached = Záznam hry je v příloze: každá akce s časem a výsledek. Ověříte ho příkazem `python -m engines verify <soubor> --digest <otisk>`; otisk (digest) je konec názvu souboru a dokládá, že jde právě o tento soubor.
records-attached_secret = Záznam hry je v příloze: veřejné akce s časem a výsledek.
records-file_description = Záznam hry č. { $id }, otisk { $digest }

records-deleted_player = (smazaný hráč)
records-off = Statistiky jsou na tomto serveru vypnuté. Správce serveru je může zapnout příkazem `/hra statistiky zapnutí` (`/game stats switch`).

records-history-title = **Nedávné hry na tomto serveru**
records-history-none = Na tomto serveru zatím žádná hra neskončila.
records-history-line = **{ $game }** č. { $id } · { $when } · { $result } · { $duration } · { $link }
records-history-link = [poslední zpráva]({ $url })
records-history-no_link = bez zprávy
records-result-won = vítězové: { $winners }
records-result-draw = remíza
records-result-nobody = bez vítěze

records-stats-title = **Statistiky: { $player }** (tento server)
records-stats-none = { $player }: na tomto serveru zatím žádná dohraná hra.
records-stats-private = { $player }: statistiky jsou skryté.
records-stats-game = **{ $game }**: { $games ->
    [one] { $games } hra
    [few] { $games } hry
    [many] { $games } hry
   *[other] { $games } her
}, { $wins ->
    [one] { $wins } výhra
    [few] { $wins } výhry
    [many] { $wins } výhry
   *[other] { $wins } výher
} ({ $rate }), { $draws ->
    [one] { $draws } remíza
    [few] { $draws } remízy
    [many] { $draws } remízy
   *[other] { $draws } remíz
}
records-stats-roles = podle rolí: { $roles }
records-stats-role = { $role } { $wins }/{ $games }
records-stats-streak-won = aktuální série: { $count ->
    [one] { $count } výhra v řadě
    [few] { $count } výhry v řadě
    [many] { $count } výhry v řadě
   *[other] { $count } výher v řadě
}
records-stats-streak-lost = aktuální série: { $count ->
    [one] { $count } prohra v řadě
    [few] { $count } prohry v řadě
    [many] { $count } prohry v řadě
   *[other] { $count } proher v řadě
}
records-stats-streak-draw = aktuální série: { $count ->
    [one] { $count } remíza v řadě
    [few] { $count } remízy v řadě
    [many] { $count } remízy v řadě
   *[other] { $count } remíz v řadě
}
records-stats-best = nejdelší série výher: { $count }
records-stats-longest = nejdelší hra: č. { $id }, { $duration }

records-top-title = **{ $game }: žebříček tohoto serveru** (nejméně { $min ->
    [one] { $min } hra
    [few] { $min } hry
    [many] { $min } hry
   *[other] { $min } her
})
records-top-line = { $rank }. { $player }: { $wins }/{ $games } výher ({ $rate })
records-top-none = Na tomto serveru zatím nikdo nemá dohráno { $min ->
    [one] { $min } hru
    [few] { $min } hry
    [many] { $min } hry
   *[other] { $min } her
} ve hře { $game }.
records-top-pick = Kterou hru? Vyberte ji v poli `game`.

records-privacy-hidden = Nejste v žebříčcích tohoto serveru a ostatní zde vaše statistiky neuvidí.
records-privacy-shown = Jste zase v žebříčcích tohoto serveru.
records-switch-on = Statistiky jsou na tomto serveru zapnuté.
records-switch-off = Statistiky jsou na tomto serveru vypnuté: `/hra statistiky` (`/game stats`) nic neukáže, dokud je znovu nezapnete. Dohrané hry se dál počítají.
records-forget-done = { $player }: smazáno ze statistik serveru ({ $count ->
    [one] { $count } výsledek
    [few] { $count } výsledky
    [many] { $count } výsledku
   *[other] { $count } výsledků
}) a jméno se už v minulých hrách neukazuje.

records-duration-hours = { $hours } h { $minutes } min
records-duration-minutes = { $minutes } min
records-duration-seconds = { $seconds } s

cmd-history-name = historie
cmd-history-description = Nedávno dohrané hry na tomto serveru, každá s odkazem na svou poslední zprávu
cmd-history-game = Jen tato hra
cmd-stats-name = statistiky
cmd-stats-description = Statistiky a žebříčky tohoto serveru
cmd-stats-show-name = zobrazit
cmd-stats-show-description = Statistiky hráče na tomto serveru: výhry, role, série, nejdelší hra
cmd-stats-show-game = Jen tato hra
cmd-stats-show-player = Čí statistiky (vaše, pokud nic nezvolíte)
cmd-stats-top-name = žebříček
cmd-stats-top-description = Žebříček hry na tomto serveru (prvních 10)
cmd-stats-top-game = Která hra
cmd-stats-privacy-name = soukromí
cmd-stats-privacy-description = Skrýt se v žebříčcích tohoto serveru, nebo se znovu ukázat
cmd-stats-privacy-hide = Skrýt mě (zvolte ne, chcete-li se znovu ukázat)
cmd-stats-switch-name = zapnutí
cmd-stats-switch-description = Zapnout nebo vypnout statistiky na tomto serveru (Spravovat server)
cmd-stats-switch-enabled = Statistiky zapnuté (ano), nebo vypnuté (ne)
cmd-stats-forget-name = zapomenout
cmd-stats-forget-description = Smazat statistiky a jméno hráče na tomto serveru na jeho žádost (Spravovat server)
cmd-stats-forget-player = Koho zapomenout
