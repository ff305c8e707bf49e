## Общие тексты бота: лобби, команды, управление организатора, ошибки.
## Организатор (host) открывает лобби и управляет таймерами; ведущий (narrator) — необязательный рассказчик, как в правилах «Мафии».

common-nobody = никто
common-on = вкл.
common-off = выкл.
common-default = по умолчанию
common-next_page = Ещё…
common-seconds = { $count ->
    [one] { $count } секунда
    [few] { $count } секунды
    [many] { $count } секунд
   *[other] { $count } секунды
}
common-players_either = { $second ->
    [one] { $first } или { $second } игрок
    [few] { $first } или { $second } игрока
    [many] { $first } или { $second } игроков
   *[other] { $first } или { $second } игрока
}
common-players_range = { $max ->
    [one] { $min }–{ $max } игрок
    [few] { $min }–{ $max } игрока
    [many] { $min }–{ $max } игроков
   *[other] { $min }–{ $max } игрока
}
common-dm_header = 🎲 **{ $game }** · { $server } · игра №{ $id }
common-dm_closed = { $player }, не удалось отправить вам личное сообщение. Откройте здесь `/игра моё` (`/game mine`): там то, что видите только вы, и ваши доступные действия.
common-your_move = Ваш ход.
common-time_left = { $seconds ->
    [one] Осталась { $seconds } секунда.
    [few] Осталось { $seconds } секунды.
    [many] Осталось { $seconds } секунд.
   *[other] Осталось { $seconds } секунды.
}
common-no_games = На этом сервере сейчас нет игр. Начните новую командой `/игра начать` (`/game start`).
common-not_in_game = Вы не участвуете ни в одной текущей игре.
common-no_game_here = В этом канале нет игры. Начните её командой `/игра начать` (`/game start`).
common-aborted = { $by } останавливает игру.
common-muted_role = Nocturne #{ $id }: вне игры
common-language_set = Язык бота: { $language }.

common-button-skip = Пропустить
common-button-pass = Пас
common-button-ready = Готово

common-lobby-title = лобби №{ $id }
common-lobby-host = Организатор: { $host }
common-lobby-seats = Игроки ({ $count }; нужно { $min }–{ $max }): { $players }
common-lobby-narrator = Ведущий: { $narrator }
common-lobby-options = Настройки: { $options }
common-lobby-join = Присоединиться
common-lobby-leave = Выйти
common-lobby-start = Начать
common-lobby-settings = Настройки
common-lobby-cancel = Отменить
common-lobby-pick_narrator = Ведущий (необязательно, не игрок)…
common-lobby-opened = Лобби №{ $id } открыто. Игроки нажимают «Присоединиться», а вы — «Начать», когда все соберутся.
common-lobby-joined = Вы в игре. Когда она начнётся, роль придёт вам в личные сообщения.
common-lobby-left = Вы вышли из лобби.
common-lobby-settings_help = Настройки организатора (применяются, когда вы нажмёте «Начать»):
common-lobby-saved = Сохранено.
common-lobby-expired = Это лобби закрыто: за час игру так никто и не начал. Откройте новое командой `/игра начать` (`/game start`).
common-lobby-counts_label = Число ролей, например: страж=2 житель=5
common-lobby-started = Игра началась!
common-lobby-seats_of = Игроки ({ $count } из { $seats }): { $players }
common-lobby-watchers = Зрители: { $players }
common-lobby-watching = Все места заняты, поэтому вы зритель: в ветке игры видны все открытые ходы, а ничего тайного вам не приходит.

common-host-panel = Управление организатора:
common-host-pause = Остановить таймеры
common-host-resume = Запустить таймеры
common-host-extend = +{ $seconds } с
common-host-remove = Убрать ушедшего игрока…
common-host-done-pause = Таймеры остановлены.
common-host-done-resume = Таймеры снова идут.
common-host-done-extend = Время продлено.
common-host-done-skip = Пропущено.
common-host-done-remove = Игрок убран.

common-error-bad_input = Такого варианта у команды нет. Выберите из списка.
common-error-internal = У нас что-то пошло не так; ничего не изменилось. Попробуйте ещё раз.
common-error-no_game = Этой игры больше нет.
common-error-corrupt_game = Не удалось загрузить эту игру.
common-error-not_lobby = Это лобби уже закрыто.
common-error-not_running = Эта игра сейчас не идёт.
common-error-already_paused = Таймеры уже остановлены.
common-error-not_paused = Таймеры не остановлены.
common-error-not_host = Это может только организатор (или ведущий, или тот, у кого есть право «Управлять сервером»).
common-error-not_admin = Для этого нужно право «Управлять сервером».
common-error-already_seated = Вы уже в этом лобби.
common-error-lobby_full = Лобби заполнено ({ $max ->
    [one] { $max } игрок
    [few] { $max } игрока
    [many] { $max } игроков
   *[other] { $max } игрока
}).
common-error-narrator_cannot_play = Ведущий не может одновременно быть игроком.
common-error-not_seated = Вас нет в этом лобби.
common-error-too_few_players = { $count ->
    [one] В лобби только { $count } игрок
    [few] В лобби только { $count } игрока
    [many] В лобби только { $count } игроков
   *[other] В лобби только { $count } игрока
}, а для этой игры нужно не меньше { $min }.
common-error-no_option = Такой настройки нет.
common-error-bad_counts = Укажите количество так: { $example }
common-error-stale_prompt = Слишком поздно: этот выбор уже закрыт, игра ушла дальше.
common-error-not_your_turn = Сейчас не ваш ход.
common-error-game_over = Игра окончена.
common-error-not_a_player = Вы не участвуете в этой игре.
common-error-bad_option = Эта настройка не принимает такое значение: выберите одно из предложенных в панели настроек.
common-error-player_count = Для этой игры нужно { $max ->
    [one] { $min }–{ $max } игрок
    [few] { $min }–{ $max } игрока
    [many] { $min }–{ $max } игроков
   *[other] { $min }–{ $max } игрока
}, а не { $count }.
common-error-duplicate_player = Один и тот же игрок сидит на двух местах.
common-error-bad_action = Сейчас это невозможно.
common-error-wrong_phase = В этой фазе это невозможно.
common-error-bad_target = Это выбрать нельзя.
common-error-already_done = Вы уже это сделали.
common-error-not_alive = Вы выбыли из игры.

cmd-game-name = игра
cmd-game-description = Ночные настольные игры
cmd-start-name = начать
cmd-start-description = Открыть лобби для игры в этом канале
cmd-start-game = Какая игра
cmd-status-name = статус
cmd-status-description = Показать игры в этом канале
cmd-mine-name = моё
cmd-mine-description = Ваша роль, карты и доступные действия (видны только вам)
cmd-say-name = сказать
cmd-say-description = Напишите то, что игра ждёт от вас сейчас: подсказку, догадку, пересказ
cmd-say-text = Ваш текст
cmd-leave-name = выйти
cmd-leave-description = Выйти из игры, в которой вы участвуете здесь
cmd-abort-name = прервать
cmd-abort-description = Остановить игру в этом канале (организатор или право «Управлять сервером»)
cmd-rules-name = правила
cmd-rules-description = Как играть в игру
cmd-language-name = язык
cmd-language-description = Язык бота на этом сервере
cmd-language-language = Язык
cmd-host-name = управление
cmd-host-description = Управление организатора: пауза, продление, пропуск, удаление игрока
cmd-choice-night_watch = Ночная Стража
cmd-choice-kdyz_snim = Когда я сплю (Když sním)
cmd-choice-ghost_at_home = Дом с призраками
cmd-choice-midnighters = Полуночники
cmd-choice-midnight_hunt = Полночная Охота

## Controls and timers every game shares.
common-deadline = закончится { $when }
common-more = …
common-back = ↩ Назад
common-choose = Выбрать
common-button-leave = Выйти из игры
common-present_failed = ⚠️ Не удалось как следует показать этот ход; игра продолжается. Ваши варианты — в `/игра моё` (`/game mine`).
common-prompt_closed = Этот выбор закрыт.
common-error-stale = Этот выбор уже закрыт: игра ушла дальше.
common-error-not_legal = Такое сочетание здесь недопустимо. Откройте выбор снова и выберите из предложенного.
common-error-not_yours = Эти кнопки предназначены другому игроку.
common-type_here = Ваш ответ
common-lobby-won = Игра окончена. Победители: { $winners }.
common-lobby-draw = Игра окончена: ничья.
common-lobby-ended = Игра окончена: { $ending }
common-back-restart = Я снова на связи: меня не было { $away } (перезапуск). Это время ничьё: ничьи часы не шли, и у каждого открытого выбора осталось столько времени, сколько было, но не меньше { $grace ->
    [one] { $grace } секунды
    [few] { $grace } секунд
    [many] { $grace } секунд
   *[other] { $grace } секунды
  }; новый срок указан в его сообщении. Если вы что-то нажимали, пока меня не было, нажмите ещё раз.
common-back-gateway = Я снова на связи: связь с Discord пропадала на { $away }. Это время ничьё: ничьи часы не шли, и у каждого открытого выбора осталось столько времени, сколько было, но не меньше { $grace ->
    [one] { $grace } секунды
    [few] { $grace } секунд
    [many] { $grace } секунд
   *[other] { $grace } секунды
  }; новый срок указан в его сообщении. Если вы что-то нажимали за это время, нажмите ещё раз.
common-duration-minutes = { $minutes } мин { $seconds } с
common-duration-seconds = { $seconds } с
common-you_left = 👋 Вы больше не в игре; остальные продолжают без вас.
common-dm_hello = 👋 Вы в игре. Ваша роль, ваши карты и личные решения будут приходить сюда, в эту переписку.
common-dm_closed_at_join = ⚠️ Я не могу отправлять вам личные сообщения, поэтому роль и личные решения до вас не дойдут. Разрешите личные сообщения от участников этого сервера (название сервера → Настройки конфиденциальности → Личные сообщения) или используйте `/game mine` в канале игры во время игры.
common-moderators_read_threads = 🔎 К сведению организатора: игроки { $players } могут управлять ветками на этом сервере, а Discord позволяет им читать закрытые ветки, так что командные ветки игры от них не скрыты.
common-typed_cannot_delete = ⚠️ К сведению организатора: я не могу удалять сообщения в этом канале (нет права «Управлять сообщениями»), поэтому сообщения в ветке игры, которые правила велят удалять, в том числе догадки Сновидца, останутся видны. Дайте мне это право или играйте кнопками.
common-nothing_to_type = ⚠️ Сейчас игра не ждёт от вас текста (подсказка или догадка ждут своей очереди).
