## What only the terminal table says (python -m engines play: handing the screen over, its menu); the games
## themselves speak there through their own catalogues, as on Discord.

table-pass_to = Předejte obrazovku: na řadě je { $player }; ostatní se nedívají. { $player }: stiskněte Enter.
table-hide = { $player }: stiskněte Enter a skryjte obrazovku, než ji předáte dál.
table-seat = --- { $player } ---
table-since = Od vašeho posledního pohledu:
table-not_now = teď ne (další hráč)
table-timeout = nechat vypršet čas
table-anytime = napište „{ $word }“: { $label } (s potvrzením)
table-confirm = { $player }: { $label }? Nejde to vzít zpět. Potvrďte napsáním „ano“:{" "}
table-yes = ano
table-stays = { $player } zůstává ve hře.
table-pick = Napište číslo ze seznamu.
table-type_text = Napište:{" "}
table-then_type = (pak napište slova)
table-refused = Odmítnuto: { $reason }
table-time_runs_out = Nikdo další teď nemůže jednat: čas vyprší.
table-stuck = Nikdo nemůže jednat a nic nemá časový limit.
table-input_ended = Vstup skončil: hra zůstává nedohraná.
table-interrupted = Přerušeno: hra zůstává nedohraná.
table-saved = Uloženo do { $path }.
table-to = pro: { $players }
