## What only the terminal table says (python -m engines play: handing the screen over, its menu); the games
## themselves speak there through their own catalogues, as on Discord.

table-pass_to = Передайте экран игроку { $player }; остальные не смотрят. { $player }, нажмите Enter.
table-hide = { $player }, нажмите Enter, чтобы скрыть экран перед передачей.
table-seat = --- { $player } ---
table-since = Пока вас не было у экрана:
table-not_now = не сейчас (следующий игрок)
table-timeout = дождаться, пока выйдет время
table-anytime = наберите «{ $word }»: { $label } (с подтверждением)
table-typed-leave = выйти
table-typed-surrender = сдаться
table-confirm = { $player }: { $label }? Это нельзя отменить. Наберите «да», чтобы подтвердить:{" "}
table-yes = да
table-stays = { $player } остаётся в игре.
table-pick = Наберите номер из списка.
table-type_text = Напишите:{" "}
table-then_type = (затем напишите слова)
table-refused = Отклонено: { $reason }
table-time_runs_out = Больше никто не может действовать: время выходит.
table-stuck = Никто не может действовать, и время ничем не ограничено.
table-input_ended = Ввод закончился: игра остаётся незавершённой.
table-interrupted = Прервано: игра остаётся незавершённой.
table-saved = Сохранено в { $path }.
table-to = для: { $players }

## The games' boards at the table (python -m engines play: the board shown when the screen is handed over, and a
## player's own part of it), beside the bot's board words each game's catalogue already has.

nw-table-out_role = Вне игры: { $player } ({ $role }).
nw-table-tally = Голоса на данный момент — { $tally }.
ks-table-clue = Подсказка от игрока { $player }: «{ $clue }».
ks-table-earlier = Ранее этой ночью: { $word } — { $fate }.
ks-table-earlier_guess = Ранее этой ночью: { $word } — { $fate } (ответ: «{ $guess }»).
ks-table-foul = Заявлено нарушение: { $reporter } оспаривает подсказку игрока { $accused }.
ks-table-score = { $player } { $points }
ks-table-score_left = { $player } { $points } (вне игры)
ks-table-totals = Очки: { $scores }.
la-table-round = Раунд { $round } — { $lit }.
gh-table-house = { $player }: на руке { $cards } { $cards ->
    [one] карта
    [few] карты
    [many] карт
   *[other] карты
}{ $tags ->
    [none] {""}
   *[other] {" "}({ $tags })
}
gh-table-floor = Этаж { $floor } ({ $lit ->
    [yes] свет горит
   *[no] темно
}): { $rooms }
gh-table-hand = { $player }: { $cards }
mn-table-avatar = { $player }
mn-table-player = { $player }: { $location }, на руке { $cards } { $cards ->
    [one] карта
    [few] карты
    [many] карт
   *[other] карты
}, { $traps } { $traps ->
    [one] ловушка
    [few] ловушки
    [many] ловушек
   *[other] ловушки
}
mn-table-player_left = { $player }: { $left }
mn-table-play = { $player }: { $play }
mn-table-their_hand = Карты на руке игрока { $player }: { $cards }.
mn-table-discard_pile = Сброс: { $cards }.
mn-table-target_hand = Вы видите чужие карты: { $cards }.
mh-table-row = ряд { $row }
mh-table-bag = В вашем мешке: { $tokens }.
