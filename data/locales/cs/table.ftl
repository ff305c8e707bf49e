## What only the terminal table says (python -m engines play: handing the screen over, its menu); the games
## themselves speak there through their own catalogues, as on Discord.

table-pass_to = Předejte obrazovku, na řadě je { $player }; ostatní se nedívají. { $player }, stiskněte Enter.
table-hide = { $player }, stiskněte Enter a skryjte obrazovku, než ji předáte dál.
table-seat = --- { $player } ---
table-since = Mezitím jen pro vás:
table-not_now = teď ne (další hráč)
table-timeout = nechat čas vypršet
table-anytime = napište „{ $word }“: { $label } (s potvrzením)
table-typed-leave = odejít
table-typed-surrender = vzdát
table-confirm = { $player }: { $label }? Nejde to vzít zpět. Potvrďte napsáním „ano“:{" "}
table-yes = ano
table-stays = { $player } zůstává ve hře.
table-pick = Napište číslo ze seznamu.
table-type_text = Napište:{" "}
table-then_type = (pak napište slova)
table-refused = Odmítnuto: { $reason }
table-time_runs_out = Nikdo další teď nemůže jednat: čas vypršel.
table-stuck = Nikdo nemůže jednat a nic nemá časový limit.
table-input_ended = Vstup skončil: hra zůstává nedohraná.
table-interrupted = Přerušeno: hra zůstává nedohraná.
table-saved = Uloženo do { $path }.
table-to = pro: { $players }

## The games' boards at the table (python -m engines play: the board shown when the screen is handed over, and a
## player's own part of it), beside the bot's board words each game's catalogue already has.

nw-table-out_role = Mimo hru: { $player } ({ $role }).
nw-table-tally = Dosavadní hlasy — { $tally }.
ks-table-clue = Nápověda od hráče { $player }: „{ $clue }“.
ks-table-earlier = Dřívější karta: { $word } – { $fate }.
ks-table-earlier_guess = Dřívější karta: { $word } – { $fate } (tip: „{ $guess }“).
ks-table-foul = Hlášení faulu: { $reporter } napadá nápovědu hráče { $accused }.
ks-table-score = { $player } { $points }
ks-table-score_left = { $player } { $points } (mimo hru)
ks-table-totals = Body: { $scores }.
la-table-round = Kolo { $round } — { $lit }.
gh-table-house = { $player }: v ruce { $cards } { $cards ->
    [one] karta
    [few] karty
    [many] karty
   *[other] karet
}{ $tags ->
    [none] {""}
   *[other] {" "}({ $tags })
}
gh-table-floor = Patro { $floor } ({ $lit ->
    [yes] rozsvíceno
   *[no] tma
}): { $rooms }
gh-table-hand = { $player }: { $cards }
mn-table-avatar = { $player }
mn-table-player = { $player }: { $location }, v ruce { $cards } { $cards ->
    [one] karta
    [few] karty
    [many] karty
   *[other] karet
}, { $traps } { $traps ->
    [one] past
    [few] pasti
    [many] pasti
   *[other] pastí
}
mn-table-player_left = { $player }: { $left }
mn-table-play = { $player }: { $play }
mn-table-their_hand = V ruce hráče { $player }: { $cards }.
mn-table-discard_pile = Odhazovací balíček: { $cards }.
mn-table-target_hand = Nahlížíte do cizí ruky: { $cards }.
mh-table-row = řada { $row }
mh-table-bag = Ve vašem pytli: { $tokens }.
