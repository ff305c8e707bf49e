## Ночная Стража — «Мафия» на Вавилоне 5. Ключи событий — "nw.<событие>"; см. engines/night_watch.

nw-name = Ночная Стража
nw-tagline = «Мафия» на Вавилоне 5, 2260 год. Станция спит, а Ночная Стража — нет.
nw-recommended = Рекомендуется 10 игроков и больше.

nw-role-citizen = Мирный житель
nw-role-watch = Сотрудник Ночной Стражи
nw-role-wells = Мистер Веллс — глава Ночной Стражи
nw-role-garibaldi = Майкл Гарибальди — шеф СБ
nw-role-zack = Зак Аллан — зам. шефа СБ
nw-role-bester = Альфред Бестер — пси-коп
nw-role-franklin = Доктор Франклин — начальник медлаба

nw-role-help-citizen = Ночью у вас нет способностей. Вычислите Ночную Стражу и отправьте её в тюрьму днём.
nw-role-help-watch = Каждую ночь вместе со Стражей выбирайте жертву. Днём не выдавайте себя: пусть все думают, что вы из мирных жителей.
nw-role-help-wells = Вы руководите Стражей: предлагайте жертву и каждую ночь проверяйте, служит ли игрок в СБ.
nw-role-help-garibaldi = Каждую ночь проверяйте одного игрока: состоит ли этот игрок в Ночной Страже? (Пси-копа эта проверка не выявляет.)
nw-role-help-zack = Каждую ночь вы можете выстрелить в одного игрока. Осторожно: можно попасть в своих.
nw-role-help-bester = Вы играете сами за себя. Каждую ночь вы можете выстрелить в одного игрока. Ваша цель — чтобы в живых не осталось никого, кроме вас.
nw-role-help-franklin = Каждую ночь выберите одного игрока (не себя): этой ночью его не убьёт ни один выстрел.

## Одно слово, которым организатор пишет роль в форме количества ролей (страж=2 житель=5).
nw-count-citizen = житель
nw-count-watch = страж
nw-count-wells = веллс
nw-count-garibaldi = гарибальди
nw-count-zack = зак
nw-count-bester = бестер
nw-count-franklin = франклин

nw-team-station = мирные жители
nw-team-watch = Ночная Стража
nw-team-bester = пси-коп

nw-task-kill = Жертва Стражи
nw-task-check = Проверка
nw-task-shoot = Выстрел
nw-task-save = Реанимация

nw-game_started = Начинается «Ночная Стража»: { $players_count ->
    [one] играет { $players_count } игрок
    [few] играют { $players_count } игрока
    [many] играют { $players_count } игроков
   *[other] играют { $players_count } игрока
}. Роли в игре: { $counts }. Каждый узнает свою роль лично.
nw-your_role = Ваша роль: **{ $role }**.
nw-watch_introduced = Ночная Стража тайно знакомится: { $members }.
nw-dawn = { $dead_count ->
    [0] ☀️ День { $day }. Станция проснулась. Этой ночью никто не погиб.
    [1] ☀️ День { $day }. Станция проснулась. Жертва этой ночи: { $dead }.
   *[other] ☀️ День { $day }. Станция проснулась. Жертвы этой ночи: { $dead }.
}
nw-discussion_opened = 🗣️ Обсуждение. Когда закончите, нажмите «Пора голосовать»; голосование начнётся, как только { $needed ->
    [one] будет готов { $needed } живой игрок
    [few] будут готовы { $needed } живых игрока
    [many] будут готовы { $needed } живых игроков
   *[other] будут готовы { $needed } живого игрока
}.
nw-ready = Готовы голосовать: { $count } из { $needed }.
nw-vote_opened = 🗳️ Голосование: кого посадить в тюрьму? Выберите одного живого игрока; голос можно менять, пока голосование не закрыто.
nw-vote_cast = { $voter } голосует против игрока { $target }.
nw-jailed = ⛓️ { $player } отправляется в тюрьму.
nw-nobody_jailed = Никто не проголосовал. Сегодня в тюрьму никто не сядет.
nw-role_revealed = Роль игрока { $player }: { $role }.
nw-night_falls = 🌙 Ночь { $night }. Станция уснула.
nw-player_left = { $player } покидает игру.
nw-watch_proposal = { $player } предлагает жертву: { $target }.
nw-watch_no_proposal = { $player } этой ночью не предлагает жертву.
nw-check_watch = { $result ->
    [yes] 🔍 { $target } СОСТОИТ в Ночной Страже.
   *[no] 🔍 { $target } не состоит в Ночной Страже.
}
nw-check_security = { $result ->
    [yes] 🔍 { $target } СЛУЖИТ в СБ.
   *[no] 🔍 { $target } не служит в СБ.
}
nw-game_over = 🏁 Игра окончена: { $outcome }. Победители: { $winners }.
nw-outcome-station_wins = победили мирные жители
nw-outcome-watch_wins = победила Ночная Стража
nw-outcome-psi_cop_wins = победил пси-коп
nw-outcome-nobody_alive = в живых никого не осталось — ничья
nw-outcome-stalemate = три тихих дня и ночи — ничья

nw-prompt-discussion = Обсуждайте, затем нажмите «Пора голосовать».
nw-prompt-vote = Проголосуйте: кого посадить в тюрьму.
nw-prompt-night = Ночь { $night }: выберите цель.
nw-button-ready = Пора голосовать
nw-button-skip = Пропустить
nw-placeholder-target = Выберите игрока…
nw-reveal-title = Все карты на стол
nw-reveal-night = Ночь { $night }: { $actions }
nw-reveal-action = { $player } ({ $role }): { $task } → { $target }
nw-reveal-skipped = { $player } ({ $role }): { $task } — без действия
nw-reveal-vote = День { $day }: { $votes } → в тюрьме: { $jailed }
nw-reveal-seed = Сид: { $seed }

nw-error-wrong_phase = В этой фазе это невозможно.
nw-error-already_done = Вы уже это сделали.
nw-error-bad_target = { $target ->
    [yourself] Голосовать за себя нельзя.
   *[other] Этого игрока выбрать нельзя.
}
nw-error-not_alive = Выбывшие игроки больше не действуют.
nw-error-bad_roles = { $rule ->
    [no_watch] Нужен хотя бы один сотрудник Ночной Стражи.
    [garibaldi] Гарибальди должен быть ровно один.
    [unique] Каждая особая роль может быть не больше чем у одного игрока.
    [citizen] Нужен хотя бы один мирный житель.
   *[sum] Ролей в сумме { $total }, а за столом { $count ->
        [one] { $count } игрок
        [few] { $count } игрока
        [many] { $count } игроков
       *[other] { $count } игрока
    }.
}
nw-error-bad_action = Ваша роль так не умеет.
nw-error-bad_override = Розданные роли недопустимы.

nw-voted = Проголосовали: { $count } из { $total }.
nw-status = День { $day }, { $phase }. В игре: { $alive }. Выбыли: { $out }.
nw-phase-discussion = обсуждение
nw-phase-vote = голосование
nw-phase-night = ночь
nw-phase-over = игра окончена
nw-you_are_out = Вы выбыли из игры, но можете наблюдать.
nw-option-discussion_seconds = Обсуждение
nw-option-vote_seconds = Голосование
nw-option-night_seconds = Ночь
nw-option-reveal_roles = Раскрывать роли выбывших
nw-option-roles = Количество ролей
nw-button-vote = Голосовать
nw-button-kill = Жертва Стражи
nw-button-check = Проверить
nw-button-shoot = Выстрелить
nw-button-save = Реанимировать
nw-prompt-sleep = 🌙 Ночь { $night }: у вас нет ночного задания. Спокойной ночи; станция проснётся на рассвете.

# NW-10, NW-11: итог голосования со всеми голосами
nw-vote_closed = 🗳️ Голосование закрыто. Итог:
nw-vote_tie = Ничья: у игроков { $players } по { $votes } { $votes ->
    [one] голосу
    [few] голоса
    [many] голосов
   *[other] голоса
}; жребий по сиду игры выпадает игроку { $player }.
# NW-21: как побеждает сторона роли
nw-role-goal-citizen = Вы побеждаете вместе со станцией, когда в живых не остаётся никого из Ночной Стражи.
nw-role-goal-garibaldi = Вы побеждаете вместе со станцией, когда в живых не остаётся никого из Ночной Стражи.
nw-role-goal-zack = Вы побеждаете вместе со станцией, когда в живых не остаётся никого из Ночной Стражи.
nw-role-goal-franklin = Вы побеждаете вместе со станцией, когда в живых не остаётся никого из Ночной Стражи.
nw-role-goal-watch = Вы побеждаете вместе с Ночной Стражей, когда все живые игроки — из Стражи.
nw-role-goal-wells = Вы побеждаете вместе с Ночной Стражей, когда все живые игроки — из Стражи.
nw-role-goal-bester = Вы побеждаете в одиночку, если в живых не останется никого, кроме вас.
nw-what_next = Что дальше: в первую ночь Ночная Стража знакомится в своей закрытой ветке. Потом каждый день станция обсуждает всё в ветке игры и голосованием отправляет одного игрока в тюрьму, а каждую ночь каждый живой игрок получает личное сообщение (ночные роли действуют там, остальные спят).
