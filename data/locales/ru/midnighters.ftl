## Полуночники — карточная игра о сюрреалистическом осознанном сновидении. Ключи событий "mn.<событие>".

mn-name = Полуночники
mn-tagline = Режиссируйте сюрреалистическое осознанное сновидение. Проснитесь на Мосту, пока Полночный ужас не запечатал сон.

## Карты локаций
mn-location-corridor1 = Коридор 1
mn-location-corridor2 = Коридор 2
mn-location-corridor3 = Коридор 3
mn-location-corridor4 = Коридор 4
mn-location-corridor5 = Коридор 5
mn-location-corridor6 = Коридор 6
mn-location-forest = Лес
mn-location-square = Площадь
mn-location-motel = Мотель
mn-location-restaurant = Ресторан
mn-location-townhall = Ратуша
mn-location-bridge = Мост
mn-corridor-corridor1 = { mn-location-corridor1 }
mn-corridor-corridor2 = { mn-location-corridor2 }
mn-corridor-corridor3 = { mn-location-corridor3 }
mn-corridor-corridor4 = { mn-location-corridor4 }
mn-corridor-corridor5 = { mn-location-corridor5 }
mn-corridor-corridor6 = { mn-location-corridor6 }

## Карты
mn-card-sleepwalk = Снохождение
mn-card-vertigo = Вертиго
mn-card-star = Полночная звезда
mn-card-dutch = Голландский угол
mn-card-catcher = Ловец снов
mn-card-suspense-forest = Саспенс (Лес)
mn-card-suspense-square = Саспенс (Площадь)
mn-card-suspense-motel = Саспенс (Мотель)
mn-card-suspense-restaurant = Саспенс (Ресторан)
mn-card-suspense-townhall = Саспенс (Ратуша)
mn-card-suspense-bridge = Саспенс (Мост)
mn-card-red = Красный кошмар
mn-card-blue = Синий кошмар
mn-card-purple = Пурпурный кошмар
mn-card-black = Чёрный кошмар
mn-card-multi = Многоцветный кошмар
mn-card-colourless = Бесцветный кошмар
mn-card-trap = ловушка рубашкой вверх
mn-colour-red = Красный
mn-colour-blue = Синий
mn-colour-purple = Пурпурный
mn-colour-black = Чёрный
mn-colour-multi = Многоцветный
mn-colour-colourless = Бесцветный

## Розыгрыши, направления, поля, исходы
mn-play-sleepwalk = Снохождение
mn-play-vertigo_move = Вертиго (сдвинуть локацию)
mn-play-vertigo_rotate = Вертиго (повернуть локацию)
mn-play-star = Полночная звезда (активация)
mn-play-dutch_cut = Голландский угол (меньше действий)
mn-play-dutch_extra = Голландский угол (дополнительное действие)
mn-play-catcher_steal = Ловец снов (вслепую забрать карту)
mn-play-set_trap = подготовить ловушку
mn-play-cancel = Голландский угол (отмена)
mn-play-intercept = Ловец снов (перехват)
mn-direction-up = вверх
mn-direction-right = вправо
mn-direction-down = вниз
mn-direction-left = влево
mn-direction-cw = по часовой стрелке
mn-direction-ccw = против часовой стрелки
mn-arrow-up = ↑
mn-arrow-right = →
mn-arrow-down = ↓
mn-arrow-left = ←
mn-layout-random = случайное поле
mn-layout-classic = классическое поле
mn-outcome-woke = проснулся на Мосту
mn-outcome-dead_sleep = Полночный ужас погрузил всех в мёртвый сон
mn-outcome-nobody_woke = никто не проснулся
mn-outcome-abandoned = все покинули сновидение

## События
mn-game_started = 🌙 Сновидение начинается ({ $layout }). Порядок ходов: { $players }. Каждый Полуночник начинает в своём коридоре.
mn-your_hand = Ваши карты: { $cards }.
mn-turn_started = { $controller ->
    [none] Ход { $turn }: ходит { $player } ({ $actions ->
        [one] { $actions } действие
        [few] { $actions } действия
        [many] { $actions } действий
       *[other] { $actions } действия
    }).
   *[other] Ход { $turn }: ходит { $player }, но все решения принимает { $controller } (ловушка Ловца снов).
}
mn-turn_skipped = Ход { $turn }: { $player } в сонном параличе и пропускает ход.
mn-turn_ended = { $player } заканчивает ход.
mn-played = { $player } играет: { $play }{ $target ->
    [none] {""}
   *[other] {" "}на { $target }
}{ $direction ->
    [none] {""}
   *[other] {" "}({ $direction })
}{ $location ->
    [none] {""}
   *[other] {" "}— { $location }
}.
mn-trap_set = { $player } готовит ловушку рубашкой вверх.
mn-trap_set_secret = Ваша ловушка: { $card }, локация { $location }.
mn-reacted = { $player } отвечает на карту «{ $card }» игрока { $target }: { $play }.
mn-cancelled = Голландский угол игрока { $player } отменяет карту «{ $card }» игрока { $target }.
mn-intercepted = { $player } перехватывает карту «{ $card }» игрока { $target } ({ $count ->
    [one] { $count } карта
    [few] { $count } карты
    [many] { $count } карт
   *[other] { $count } карты
} на руку).
mn-cards_received = Вы забрали: { $cards }.
mn-mark_set = Ваша ловушка Полночной звезды в локации { $location } отмечена.
mn-mark_lapsed = Отметка ловушки Полночной звезды в локации { $location } отпала; ловушка остаётся скрытой.
mn-trap_ready = У игрока { $player } { $traps ->
    [one] { $traps } подготовленная ловушка
    [few] { $traps } подготовленные ловушки
    [many] { $traps } подготовленных ловушек
   *[other] { $traps } подготовленной ловушки
}.
mn-moved = { $player } перемещается: { $location }.
mn-location_moved = Локация { $location } сдвигается на клетку { $cell }.
mn-location_rotated = Локация { $location } повёрнута на { $degrees }° (стрелки: { $arrows }).
mn-actions_cut = У { $player } и { $target } в следующем ходу будет на 1 действие меньше.
mn-extra_action = { $player } получает дополнительное действие (осталось: { $actions }).
mn-card_stolen = { $player } вслепую забирает карту у игрока { $target }.
mn-card_taken_secret = { $player } забрал карту «{ $card }» у игрока { $target }.
mn-fizzled = Карта «{ $card }» игрока { $player } не срабатывает: её эффект уже невозможен.
mn-card_drawn = Вы взяли карту «{ $card }».
mn-drew = { $player } берёт карту (на руке: { $hand }).
mn-reshuffled = Сброс перемешан в новую колоду ({ $count ->
    [one] { $count } карта
    [few] { $count } карты
    [many] { $count } карт
   *[other] { $count } карты
}).
mn-nightmare_drawn = { $fired ->
    [yes] 😱 { $player } вытягивает кошмар: { $colour }! { $immune_count ->
        [0] {""}
       *[other] В безопасности в Ратуше: { $immune }.
    }
   *[no] { $player } вытягивает кошмар ({ $colour }) в Ратуше: он не срабатывает.
}
mn-gathered = Сновидение переносит { $players } в локацию { $location }.
mn-sent_to_corridors = Отправлены в коридоры: { $corridors }.
mn-hands_passed = Карты и ловушки передаются против часовой стрелки: { $players }.
mn-horror = 🖤 { $player } становится Полночным ужасом!
mn-activated = { $player } активирует локацию { $location }.
mn-discard_pile = Сброс: { $cards }.
mn-neutralised = { $player } нейтрализует кошмары ({ $colours }); у всех снова по 2 действия.{ $count ->
    [0] {""}
   *[other] {" "}{ $player } сбрасывает карты кошмаров: { $count }.
}
mn-hand_shown = Карты игрока { $player }: { $cards }.
mn-took = { $target ->
    [none] { $player } берёт карт: { $count } (локация { $location }).
   *[other] { $player } берёт у игрока { $target } карт: { $count } (локация { $location }).
}
mn-excess_discarded = { $player } сбрасывает лишние карты: { $count }{ $given ->
    [0] {""}
   *[other] {" "}и отдаёт игроку { $target }: { $given }
}.
mn-nothing_done = { $player } ничего здесь не делает.
mn-hands_shuffled = { $player } перемешивает карты игроков { $players } и раздаёт их обратно.
mn-blind_discard = { $player } сбрасывает случайные карты игрока { $target }: { $count }.
mn-trap_sprung = 💥 Срабатывает ловушка игрока { $player } в локации { $location }: { $card }{ $target ->
    [none] {""}
   *[other] {" "}— { $target }
}.
mn-player_removed = { $player } покидает сновидение.
mn-game_over = Сновидение окончено: { $outcome }. { $winners_count ->
    [0] Никто не победил.
   *[other] Победитель: { $winners }.
}

## Запросы
mn-turn = Ваш ход: сыграйте карту, подготовьте ловушку или закончите ход.
mn-window = Ответ на карту «{ $card }» игрока { $player }: Голландский угол — отменить, Ловец снов — перехватить, или пас.
mn-choose_forest = Лес: отправляйтесь в любую область сновидения.
mn-choose_square = Площадь: возьмите до 3 карт из сброса.
mn-choose_motel_target = Мотель: выберите, чьи карты посмотреть.
mn-choose_motel_take = Мотель: заберите до 3 его карт.
mn-choose_excess = Слишком много карт: сбросьте до 5.
mn-choose_restaurant = Ресторан: перемешайте карты у Моста или вслепую сбросьте чьи-то карты.
mn-choose_assign = Как Полночный ужас, отправьте каждого Полуночника в свой коридор.

## Отказы
mn-error-bad_override = Такая подготовка сценария невозможна.
mn-error-not_a_player = Вы не участвуете в этом сновидении.
mn-error-bad_action = В этой игре нет такого хода.
mn-error-not_your_turn = Сейчас не ваш ход.
mn-error-no_card = У вас нет такой карты.
mn-error-no_actions = В этом ходу у вас не осталось действий.
mn-error-bad_direction = Выберите допустимое направление.
mn-error-blocked = Путь закрыт.
mn-error-bad_location = Такой локации нет.
mn-error-not_adjacent = Это не ваша и не смежная локация.
mn-error-corridor = Коридоры нельзя активировать.
mn-error-blue_nightmare = Синий кошмар позволяет активировать только Ратушу.
mn-error-horror_cannot_wake = Полночный ужас не может проснуться.
mn-error-nightmare_in_hand = Нельзя проснуться с картой кошмара на руке.
mn-error-bad_target = Этого игрока выбрать нельзя.
mn-error-red_nightmare = Красный кошмар запрещает готовить ловушки.
mn-error-not_eligible = Вы не можете ответить на эту карту.
mn-error-already_passed = Вы уже спасовали в этом окне.
mn-error-bad_trap = Эту ловушку нельзя отметить.
mn-error-bad_choice = Такого варианта нет.
mn-error-not_your_choice = Сейчас выбирает другой игрок.
mn-error-wrong_phase = Ловушки нельзя активировать посреди другого эффекта.
mn-error-bad_spring = Эту ловушку сейчас так активировать нельзя.

## Изображение поля (cogs/midnighters/board.py): подписи на картинке и её текстовое описание
mn-board-place_forest = Лес
mn-board-place_square = Площадь
mn-board-place_motel = Мотель
mn-board-place_restaurant = Ресторан
mn-board-place_townhall = Ратуша
mn-board-place_bridge = Мост
mn-board-title = Поле «Полуночников», ход { $turn } из { $max_turns }.
mn-board-turn = Ход { $turn } / { $max_turns }
mn-board-status_turn = Ходит { $player }: { $actions ->
    [one] осталось { $actions } действие
    [few] осталось { $actions } действия
    [many] осталось { $actions } действий
   *[other] осталось { $actions } действия
}
mn-board-status_controlled = Все решения за игрока { $player } принимает { $controller } (ловушка Ловца снов).
mn-board-status_window = Окно ответа: карта «{ $card }» игрока { $player }
mn-board-status_window_trap = Окно ответа: { $player } готовит ловушку рубашкой вверх
mn-board-status_choice = Выбор делает { $player }.
mn-board-status_over = Сновидение окончено: { $outcome }.
mn-board-winner = Победитель: { $players }
mn-board-no_winner = Никто не победил.
mn-board-col_player = Игрок
mn-board-col_location = Локация
mn-board-col_cards = Карты
mn-board-col_traps = Ловушки
mn-board-horror = Полночный ужас
mn-board-penalty = в следующем ходу на { $count ->
    [one] { $count } действие
    [few] { $count } действия
    [many] { $count } действий
   *[other] { $count } действия
} меньше
mn-board-paralysed = сонный паралич (пропускает ходы)
mn-board-claimed = следующий ход играет { $controller }
mn-board-left = вне игры
mn-board-deck = Колода: { $count }
mn-board-discard = Сброс: { $count }
mn-board-nightmares = Активные кошмары:
mn-board-no_nightmares = Активных кошмаров нет
mn-board-exempt = иммунитет: { $players }
mn-board-on_table = На столе:
mn-board-legend_traps = ловушки рубашкой вверх: видно, сколько их у каждого, но не где они
mn-board-alt_player = { $player } ({ $letter }): { $location }, { $cards ->
    [one] { $cards } карта
    [few] { $cards } карты
    [many] { $cards } карт
   *[other] { $cards } карты
}, { $traps ->
    [one] { $traps } ловушка
    [few] { $traps } ловушки
    [many] { $traps } ловушек
   *[other] { $traps } ловушки
}
mn-board-alt_grid = Поле, у каждой карты её стрелки:
mn-board-empty_cells = Пустые клетки: { $cells }
