## Lucerny, ukázková hra. Klíče událostí: "la.<event>"; viz engines/lanterns.

la-name = Lucerny
cmd-choice-lanterns = Lucerny
la-recommended = Pro 2 hráče, na pár minut.
la-lobby-joined = Jste ve hře. Až začne, vaše lucerny a vaše tahy přijdou soukromou zprávou.
la-dm_hello = 👋 Jste ve hře. Vaše lucerny a vaše tahy budou chodit sem, do této konverzace.
la-option-turn_seconds = Sekund na tah
la-button-light = Rozsvítit

la-rules =
    Dva hráči, deset karet luceren s čísly 1 až 10. Každý dostává 4 karty, které nikdo jiný nevidí; zbylé 2 se odkládají lícem dolů.
    🏮 **Tři kola.** V každém kole oba hráči jeden po druhém rozsvěcují po jedné kartě z ruky a kartu soupeře nevidí. Pak se obě ukážou: kolo bere vyšší karta. Kdo začíná, se každé kolo střídá.
    ⏳ Když vyprší čas, rozsvítí se za vás vaše nejnižší karta.
    🏁 Po třech kolech vyhrává, kdo získal víc kol. Kdo ze hry odejde, přenechává výhru soupeři. Na konci se ukážou všechny ruce, odložené karty i semínko rozdání.
    📩 Ruku dostanete soukromou zprávou; máte-li soukromé zprávy zavřené, použijte zde `/game mine`.

la-game_started = 🏮 Padá soumrak a lucerny čekají: { $players }. Počet kol: { $rounds }; karet v ruce má každý: { $hand }.
la-your_hand = Vaše lucerny: { $cards }.
la-round_started = Kolo { $round }: { $leader } rozsvěcí jako první.
la-light-prompt = Kolo { $round }: rozsviťte jednu ze svých luceren.
la-lit = { $player } rozsvěcí lucernu a zatím ji skrývá.
la-timed_out = Hráči { $player } vypršel čas: sama se rozsvěcí nejnižší lucerna z ruky.
la-round_won = Kolo { $round }: lucerny ukazují { $cards }. { $winner } bere kolo s jasnější lucernou.
la-player_left = { $player } odchází ze hry.
la-game_over = 🏁 Konec hry: { $outcome }. Vítězové: { $winners }. Získaná kola: { $score }. Nerozsvícené lucerny: { $hands }. Odloženo: { $aside }. Semínko: { $seed }.
la-outcome-most_rounds = získáno víc kol
la-outcome-left = odchod hráče ze hry
la-status = Kolo { $round } ze 3. Získaná kola: { $score }.
la-status-hand = Vaše lucerny: { $cards }.

la-error-light_only = Ve svém tahu rozsviťte jednu ze svých luceren.
la-error-not_in_hand = Tuto lucernu v ruce nemáte.
