## Честная раздача, записи партий, /game history и /game stats (bot/records.py, bot/stats.py, cogs/records.py).
## Без прошедшего времени с родом; имена — только в позициях без падежа.

records-commit = Честная раздача: все перемешивания этой игры следуют из секретного ключа, и он уже запечатан. Его отпечаток, SHA-256 от `salt:seed`, — `{ $commitment }`; ключ откроется в конце игры, и любой сможет проверить раздачу и каждое перемешивание.
records-reveal = Честная раздача, вскрытие: ключ — зерно `{ $seed }` и соль `{ $salt }`; SHA-256 от `{ $salt }:{ $seed }` равно `{ $commitment }`, это отпечаток, опубликованный в начале.
records-no_commitment = Эта игра открыта ещё до того, как раздачи стали запечатывать, поэтому её раздачу проверить нельзя.
records-secret_seed = «{ $game }» навсегда держит в тайне вытягивание жетонов из мешка и ходы Печатью, поэтому в записи только открытые ходы, и воспроизвести её нельзя.
records-hidden_actions = Карты, сброшенные рубашкой вверх, остаются в записи скрытыми, поэтому она воспроизводится только до первого такого сброса.
records-attached = Запись игры во вложении: каждое действие со временем и итог. Проверка: `python -m engines verify <файл> --digest <хеш>`; хеш (digest) — конец имени файла, и именно он показывает, что файл тот самый.
records-attached_secret = Запись игры во вложении: открытые действия со временем и итог.
records-file_description = Запись игры №{ $id }, хеш { $digest }

records-deleted_player = (удалённый игрок)
records-off = Статистика на этом сервере выключена. Администратор сервера может включить её командой `/игра статистика включение` (`/game stats switch`).

records-history-title = **Последние игры на этом сервере**
records-history-none = На этом сервере пока нет завершённых игр.
records-history-line = **{ $game }** №{ $id } · { $when } · { $result } · { $duration } · { $link }
records-history-link = [последнее сообщение]({ $url })
records-history-no_link = сообщения нет
records-result-won = победители: { $winners }
records-result-draw = ничья
records-result-nobody = без победителей

records-stats-title = **Статистика: { $player }** (этот сервер)
records-stats-none = { $player }: на этом сервере пока нет завершённых игр.
records-stats-private = { $player }: статистика скрыта.
records-stats-game = **{ $game }**: { $games ->
    [one] { $games } игра
    [few] { $games } игры
    [many] { $games } игр
   *[other] { $games } игры
}, { $wins ->
    [one] { $wins } победа
    [few] { $wins } победы
    [many] { $wins } побед
   *[other] { $wins } победы
} ({ $rate }), { $draws ->
    [one] { $draws } ничья
    [few] { $draws } ничьи
    [many] { $draws } ничьих
   *[other] { $draws } ничьей
}
records-stats-roles = по ролям: { $roles }
records-stats-role = { $role } { $wins }/{ $games }
records-stats-streak-won = текущая серия: { $count ->
    [one] { $count } победа подряд
    [few] { $count } победы подряд
    [many] { $count } побед подряд
   *[other] { $count } победы подряд
}
records-stats-streak-lost = текущая серия: { $count ->
    [one] { $count } поражение подряд
    [few] { $count } поражения подряд
    [many] { $count } поражений подряд
   *[other] { $count } поражения подряд
}
records-stats-streak-draw = текущая серия: { $count ->
    [one] { $count } ничья подряд
    [few] { $count } ничьи подряд
    [many] { $count } ничьих подряд
   *[other] { $count } ничьей подряд
}
records-stats-best = лучшая серия побед: { $count }
records-stats-longest = самая долгая игра: №{ $id }, { $duration }

records-top-title = **«{ $game }»: лучшие игроки сервера** (не меньше { $min ->
    [one] { $min } игры
    [few] { $min } игр
    [many] { $min } игр
   *[other] { $min } игры
})
records-top-line = { $rank }. { $player }: побед { $wins } из { $games } ({ $rate })
records-top-none = На этом сервере пока ни у кого нет { $min ->
    [one] { $min } завершённой игры
    [few] { $min } завершённых игр
    [many] { $min } завершённых игр
   *[other] { $min } завершённой игры
} в «{ $game }».
records-top-pick = Какая игра? Выберите её в поле `game`.

records-privacy-hidden = Вас больше нет в таблицах лучших игроков этого сервера, и другие не видят здесь вашу статистику.
records-privacy-shown = Вы снова в таблицах лучших игроков этого сервера.
records-switch-on = Статистика на этом сервере включена.
records-switch-off = Статистика на этом сервере выключена: `/игра статистика` (`/game stats`) ничего не покажет, пока её не включат снова. Завершённые игры по-прежнему учитываются.
records-forget-done = { $player }: данные удалены из статистики сервера ({ $count ->
    [one] { $count } результат
    [few] { $count } результата
    [many] { $count } результатов
   *[other] { $count } результата
}), имя больше не показывается в прошлых играх.

records-duration-hours = { $hours } ч { $minutes } мин
records-duration-minutes = { $minutes } мин
records-duration-seconds = { $seconds } с

cmd-history-name = история
cmd-history-description = Последние завершённые игры на этом сервере со ссылкой на последнее сообщение каждой
cmd-history-game = Только эта игра
cmd-stats-name = статистика
cmd-stats-description = Статистика и лучшие игроки этого сервера
cmd-stats-show-name = показать
cmd-stats-show-description = Статистика игрока на этом сервере: победы, роли, серии, самая долгая игра
cmd-stats-show-game = Только эта игра
cmd-stats-show-player = Чья статистика (ваша, если пусто)
cmd-stats-top-name = лучшие
cmd-stats-top-description = Лучшие игроки сервера в игре (первые 10)
cmd-stats-top-game = Какая игра
cmd-stats-privacy-name = приватность
cmd-stats-privacy-description = Скрыть себя из таблиц лучших игроков сервера или показать снова
cmd-stats-privacy-hide = Скрыть меня (выберите «нет», чтобы снова показать)
cmd-stats-switch-name = включение
cmd-stats-switch-description = Включить или выключить статистику на сервере (право «Управлять сервером»)
cmd-stats-switch-enabled = Статистика включена (да) или выключена (нет)
cmd-stats-forget-name = забыть
cmd-stats-forget-description = Удалить статистику и имя игрока на сервере по его просьбе (право «Управлять сервером»)
cmd-stats-forget-player = Кого забыть
