## Дом с призраками. Ключи событий — "gh.<событие>"; см. engines/ghost_at_home.

gh-name = Дом с призраками
gh-tagline = Исследуйте свой дом с призраками этаж за этажом и выберитесь раньше всех. Натравливайте призраков на соперников; дружелюбные котики защитят вас.
gh-recommended = Для 2–4 игроков.
gh-lobby-joined = Вы в игре. Когда она начнётся, ваши карты и ваши ходы придут в личные сообщения; дома — на поле в ветке игры.
gh-dm_hello = 👋 Вы в доме. Ваши карты, ваши ходы и каждый призрак, что явится в ваши комнаты, — всё будет приходить сюда, в эту переписку.

gh-card-room1 = Комната 1-го этажа
gh-card-room2 = Комната 2-го этажа
gh-card-room3 = Комната 3-го этажа
gh-card-ghost = Призрак
gh-card-cat = Котик
gh-card-space_hole = Пространственная дыра
gh-card-light_bulb = Лампочка
gh-card-cat_food = Кошачий корм
gh-card-elevator = Лифт
gh-card-lightning = Молния
gh-card-joker_room = Комната-Джокер

gh-side-left = левая
gh-side-right = правая
gh-from_side-left = левой
gh-from_side-right = правой
gh-window-cat = котиком
gh-window-ghost = призраком
gh-source-ghost = призрака
gh-source-space_hole = призрака через Пространственную дыру
gh-source-escape = призрака против побега
gh-outcome-escaped = побег из дома с призраками
gh-outcome-last_player = в доме остаётся лишь один игрок
gh-outcome-ended_by_host = решение организатора
gh-outcome-stalemate = никто не может ходить: ничья

gh-game_started = 👻 Входная дверь захлопывается: в доме { $players_count ->
    [one] { $players_count } игрок
    [few] { $players_count } игрока
    [many] { $players_count } игроков
   *[other] { $players_count } игрока
}. У каждого по 3 карты; в колоде { $deck ->
    [one] { $deck } карта
    [few] { $deck } карты
    [many] { $deck } карт
   *[other] { $deck } карты
}. Исследуйте свой дом этаж за этажом, снизу вверх, и выберитесь первыми!
gh-your_hand = Ваши карты на руке: { $cards }.
gh-turn_started = Ход { $turn }: ходит { $player }.
gh-turn_passed = У игрока { $player } не осталось карт, ход переходит дальше.
gh-turn_timed_out = ⏰ Время игрока { $player } вышло; ход окончен без действия.
gh-rooms_played = 🚪 { $player } исследует { $cards_count ->
    [one] { $cards_count } комнату
    [few] { $cards_count } комнаты
    [many] { $cards_count } комнат
   *[other] { $cards_count } комнаты
}: { $cards } ({ $floors_count ->
    [1] этаж
   *[other] этажи
} { $floors }).
gh-ghost_sent = 👻 { $player } натравливает { $source } на дом игрока { $target }: этаж { $floor }, { $side } комната.
gh-ghost_met_cat = 🐈 В этой комнате (дом игрока { $player }) уже дежурит котик: он шипит и прогоняет призрака. Обе карты уходят в сброс.
gh-waiting = ⏳ Ждём игрока { $player } (может ответить { $window }).
gh-cat_answered = 🐈 В доме игрока { $player } выскакивает котик и прогоняет призрака, которого насылает игрок { $attacker }. Обе карты уходят в сброс.
gh-ghost_rests = 👻 Свет не даёт призраку разгуляться: призрак селится на этаже { $floor } ({ $side } комната, дом игрока { $player }) и ждёт второго.
gh-floor_wiped = { $light_off ->
    [yes] 💥 Призраки захватывают этаж { $floor } в доме игрока { $player }: комнаты потеряны, свет гаснет. В сброс: { $cards }.
   *[no] 💥 Призрак в темноте захватывает этаж { $floor } в доме игрока { $player }: комнаты потеряны. В сброс: { $cards }.
}
gh-cat_played = 🐈 На этаже { $floor } в доме игрока { $player } котик сворачивается клубком ({ $side } комната).
gh-light_on = 💡 На этаже { $floor } в доме игрока { $player } загорается свет (оплата: { $cards }).
gh-space_hole_played = 🌀 { $player } открывает Пространственную дыру под призраком со своего этажа { $from_floor }.
gh-light_bulb_played = 💡 { $player } вкручивает Лампочку: на этаже { $floor } горит свет.
gh-cat_food_played = 🐟 { $player } насыпает Кошачий корм: котик игрока { $from_player } (этаж { $from_floor }, из { $from_side } комнаты) перебегает в дом игрока { $player }: этаж { $floor }, { $side } комната.
gh-elevator_played = 🛗 Лифт везёт котика игрока { $player } с этажа { $from_floor } (из { $from_side } комнаты) на этаж { $floor } ({ $side } комната).
gh-lightning_played = ⚡ { $player } обрушивает Молнию на дом игрока { $target }: этаж { $floor } погружается во тьму.
gh-discarded = { $player } сбрасывает { $count ->
    [one] { $count } карту
    [few] { $count } карты
    [many] { $count } карт
   *[other] { $count } карты
} рубашкой вверх.
gh-drew = { $player } берёт { $count ->
    [one] { $count } карту
    [few] { $count } карты
    [many] { $count } карт
   *[other] { $count } карты
}.
gh-you_drew = Вы берёте: { $cards }.
gh-reshuffled = 🔀 Колода кончилась: сброс ({ $count ->
    [one] { $count } карта
    [few] { $count } карты
    [many] { $count } карт
   *[other] { $count } карты
}) перемешивается в новую колоду.
gh-escape_started = 🏃 Все этажи игрока { $player } исследованы: побег через крышу! Остановить его теперь может только призрак.
gh-no_ghost = { $player } не посылает призрака.
gh-escape_stopped = 🚫 Призраки преграждают путь: побег игрока { $player } сорван. Все добирают карты до 3.
gh-escaped = 🎉 Последняя дверь поддаётся: { $player } выбирается из дома с призраками!
gh-player_left = { $player } покидает игру. { $hand ->
    [0] Карт на руке нет
    [one] { $hand } карта с руки уходит в сброс рубашкой вверх
    [few] { $hand } карты с руки уходят в сброс рубашкой вверх
    [many] { $hand } карт с руки уходят в сброс рубашкой вверх
   *[other] { $hand } карты с руки уходят в сброс рубашкой вверх
}; { $cards_count ->
    [0] дом пуст
   *[other] дом уходит в сброс лицом вверх: { $cards }
}.
gh-game_over = 🏁 Игра окончена: { $outcome }. Победители: { $winners }. Карты на руках: { $cards }. Зерно: { $seed }.

gh-prompt_turn = { $player }, ваш ход: выберите одно действие.
gh-prompt_cat = { $player }, на ваш дом идёт призрак: сыграть котика?
gh-prompt_ghost = { $player }, соперник сбегает: натравить призрака?

gh-button-rooms = Исследовать комнаты
gh-button-ghost = Натравить призрака
gh-button-cat = Посадить котика
gh-button-light = Включить свет
gh-button-space_hole = Пространственная дыра
gh-button-light_bulb = Лампочка
gh-button-cat_food = Кошачий корм
gh-button-elevator = Лифт
gh-button-lightning = Молния
gh-button-discard = Сбросить и добрать
gh-button-answer_cat = Сыграть котика
gh-button-no_cat = Без котика
gh-button-no_ghost = Без призрака
gh-button-leave = Покинуть игру
gh-button-remove = Убрать игрока
gh-button-end = Завершить игру

gh-error-bad_override = Заданная раздача некорректна.
gh-error-bad_args = Выбор неполон или непонятен.
gh-error-bad_action = Сейчас это действие невозможно.
gh-error-bad_target = Выберите соперника, который ещё в игре.
gh-error-bad_room = На эту комнату положить нельзя.
gh-error-no_card = У вас нет этой карты.
gh-error-not_a_room = В дом выкладываются только карты комнат.
gh-error-wrong_floor = Эта комната относится к другому этажу.
gh-error-floor_full = На этом этаже нет свободного места.
gh-error-lower_floors_first = Сначала заполните все нижние этажи.
gh-error-cannot_light = Свет можно включить только на тёмном этаже, все нижние этажи которого заполнены.
gh-error-light_cost = Свет стоит 2 или 3 карты.
gh-error-not_enough_bulbs = На этих картах { $bulbs ->
    [one] { $bulbs } лампочка
    [few] { $bulbs } лампочки
    [many] { $bulbs } лампочек
   *[other] { $bulbs } лампочки
}, а нужно { $needed }.
gh-error-no_ghost_here = На этом этаже вашего дома нет призрака.
gh-error-no_cat_here = В этой комнате нет котика.
gh-error-same_floor = Лифт должен отвезти котика на другой этаж.
gh-error-not_lit = Верхний исследованный этаж этого соперника не освещён.
gh-error-not_a_player = Вы не участвуете в этой игре.
gh-error-not_in_game = Вы покинули эту игру.
gh-error-not_your_turn = Сейчас не ваш ход.
gh-error-not_your_window = Этот выбор не ваш.

## Картинка стола (cogs/ghost_at_home/board.py): надписи на картинке и её описание для экранных чтецов.

gh-board-title = Дом с призраками
gh-board-turn = Ход { $turn }
gh-board-to_play = Ходит { $player }.
gh-board-escaping = { $player } пытается сбежать из дома!
gh-board-attack = Призрак от игрока { $attacker } летит к игроку { $defender }: этаж { $floor }, { $side } комната.
gh-board-waiting = Ждём ответа игрока { $player }.
gh-board-over = Игра окончена: { $outcome }.
gh-board-winners = Победитель: { $players }.
gh-board-deck = Колода
gh-board-discard = Сброс
gh-board-hand = { $count ->
    [one] { $count } карта
    [few] { $count } карты
    [many] { $count } карт
   *[other] { $count } карты
}
gh-board-lit_floor = Освещённый этаж
gh-board-dark_floor = Тёмный этаж
gh-board-tag-to_play = ходит
gh-board-tag-answering = отвечает
gh-board-tag-escaping = убегает!
gh-board-tag-winner = победитель
gh-board-tag-left = вне игры
gh-board-alt-head = Стол «Дома с призраками», ход { $turn }. Колода: { $deck ->
    [one] { $deck } карта
    [few] { $deck } карты
    [many] { $deck } карт
   *[other] { $deck } карты
}; сброс: { $discard ->
    [one] { $discard } карта
    [few] { $discard } карты
    [many] { $discard } карт
   *[other] { $discard } карты
}.
gh-board-alt-house = { $player } ({ $letter }), на руке { $cards ->
    [one] { $cards } карта
    [few] { $cards } карты
    [many] { $cards } карт
   *[other] { $cards } карты
}: { $floors }.
gh-board-alt-left = { $player } ({ $letter }) больше не в игре.
gh-board-alt-floor = этаж { $floor } { $lit ->
    [yes] освещён
   *[no] тёмный
}: { $rooms }
gh-board-alt-no_rooms = комнат нет
gh-board-alt-room = комната
gh-board-alt-joker = комната-джокер
gh-board-alt-with_ghost = { $room } с призраком
gh-board-alt-with_cat = { $room } с котиком

## В Discord (cogs/ghost_at_home/presenter.py): личные запросы, их кнопки, подпись к столу, конец игры.

gh-floor-1 = этаж 1
gh-floor-2 = этаж 2
gh-floor-3 = этаж 3
gh-empty_hand = карт нет
gh-your_cards = На руке: { $cards }
gh-your_house = Ваш дом: { $house }
gh-ask-turn = Ход { $turn }: ваша очередь. Выберите одно действие.
gh-ask-cat = Игрок { $attacker } натравливает { $source } на ваш этаж { $floor }, { $side } комната! Ответить котиком?
gh-ask-ghost = Все этажи игрока { $player } исследованы: побег через крышу! Натравить призрака на верхний этаж этого игрока?
gh-ask-ghost_again = Побег игрока { $player } продолжается. Натравить ещё одного призрака?
gh-help-turn = За ход — одно действие. Свет стоит { $least }–{ $most } { $most ->
    [one] карту
    [few] карты
    [many] карт
   *[other] карты
}, на которых вместе не меньше { $bulbs } 💡.
gh-help-cat = Котик прогоняет призрака (оба уходят в сброс). Нет ответа вовремя — нет котика.
gh-help-ghost = Ваш призрак идёт в комнату на верхнем этаже; котик ещё может его остановить. Нет ответа вовремя — нет призрака.
gh-pick-light = Включить свет: выберите карты для оплаты ({ $bulbs }+ 💡)
gh-pick-discard = Сбросить и добрать: выберите карты для сброса
gh-pick-light_floor = Оплата: { $cards }. На каком этаже включить свет?
gh-do-rooms = Исследовать: { $rooms }
gh-do-ghost = Призрак → { $player }: этаж { $floor } { $side_id ->
        [left] слева
       *[right] справа
    }
gh-do-cat = Посадить котика: ваш этаж { $floor } { $side_id ->
        [left] слева
       *[right] справа
    }
gh-do-light = Этаж { $floor }: { $cards }
gh-do-space_hole = Дыра: призрак с этажа { $from_floor } → { $player }: этаж { $floor } { $side_id ->
        [left] слева
       *[right] справа
    }
gh-do-light_bulb = Лампочка: включить свет на этаже { $floor }
gh-do-cat_food = Кошачий корм: { $player }, этаж { $from_floor } { $from_side_id ->
        [left] слева
       *[right] справа
    } → этаж { $floor } { $side_id ->
        [left] слева
       *[right] справа
    }
gh-do-elevator = Лифт: ваш котик, этаж { $from_floor } { $from_side_id ->
        [left] слева
       *[right] справа
    } → этаж { $floor } { $side_id ->
        [left] слева
       *[right] справа
    }
gh-do-lightning = Молния по дому игрока { $player }
gh-do-discard = Сбросить и добрать столько же: { $cards }
gh-do-answer_cat = Сыграть котика
gh-do-no_cat = Без котика
gh-do-no_ghost = Без призрака
gh-do-leave = Покинуть игру
gh-do-remove = Убрать игрока { $player } из игры
gh-do-end = Завершить игру без победителя
gh-caption-piles = Колода: { $deck } · сброс: { $discard }
gh-status-house = { $player } (на руке { $cards ->
    [one] { $cards } карта
    [few] { $cards } карты
    [many] { $cards } карт
   *[other] { $cards } карты
}): { $house }
gh-status-left = { $player } — вне игры.
gh-over-title = В доме наступает тишина. Игра окончена: { $outcome }
gh-over-winners = 🏆 Победитель: { $players }
gh-over-hands = Карты на руках в конце игры:
gh-over-seed = 🎲 Зерно: { $seed } (от него зависели все тасовки этой игры)
