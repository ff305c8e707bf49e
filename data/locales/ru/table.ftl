## What only the terminal table says (python -m engines play: handing the screen over, its menu); the games
## themselves speak there through their own catalogues, as on Discord.

table-pass_to = Передайте экран игроку { $player }; остальные не смотрят. { $player }, нажмите Enter.
table-hide = { $player }, нажмите Enter, чтобы скрыть экран, прежде чем передать его.
table-seat = --- { $player } ---
table-since = С тех пор как вы смотрели в последний раз:
table-not_now = не сейчас (следующий игрок)
table-timeout = дать времени истечь
table-anytime = наберите «{ $word }»: { $label } (с подтверждением)
table-confirm = { $player }: { $label }? Это нельзя отменить. Наберите «да», чтобы подтвердить:{" "}
table-yes = да
table-stays = { $player } остаётся в игре.
table-pick = Наберите номер из списка.
table-type_text = Напишите:{" "}
table-then_type = (затем напишите слова)
table-refused = Отклонено: { $reason }
table-time_runs_out = Больше никто не может действовать: время истекает.
table-stuck = Никто не может действовать, и ни у чего нет ограничения по времени.
table-input_ended = Ввод закончился: игра остаётся незавершённой.
table-interrupted = Прервано: игра остаётся незавершённой.
table-saved = Сохранено в { $path }.
table-to = для: { $players }
