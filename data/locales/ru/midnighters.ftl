## Полуночники — карточная игра о сюрреалистическом осознанном сновидении. Ключи событий "mn.<событие>".

mn-name = Полуночники
mn-tagline = Режиссируйте сюрреалистическое осознанное сновидение. Проснитесь на Мосту, пока Полночный ужас не запечатает сон.
mn-lobby-joined = Вы в игре. Когда она начнётся, ваша рука, ваши ловушки и ваши ходы придут в личные сообщения; поле — в ветке игры.
mn-dm_hello = 👋 Вы в сновидении. Ваши карты, ваши ловушки, ваши ходы и каждая возможность ответить на карту другого Полуночника будут приходить сюда, в эту переписку.

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
mn-card-trap = скрытая ловушка
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
mn-outcome-woke = пробуждение на Мосту
mn-outcome-dead_sleep = Полночный ужас погружает всех в мёртвый сон
mn-outcome-nobody_woke = никто не проснулся
mn-outcome-abandoned = все покинули сновидение

## События
mn-game_started = 🌙 Полночь: Полуночники засыпают, каждый в своём коридоре между сном и явью ({ $layout }). Порядок ходов: { $players }. Проснитесь на Мосту раньше, чем кошмары удержат вас во сне навсегда!
mn-your_hand = Ваши карты: { $cards }.
mn-turn_started = { $controller ->
    [none] Ход { $turn }: ходит { $player } ({ $actions ->
        [one] { $actions } действие
        [few] { $actions } действия
        [many] { $actions } действий
       *[other] { $actions } действия
    }).
   *[other] Ход { $turn }: ходит { $player }, но все решения принимает игрок { $controller } (ловушка Ловца снов).
}
mn-turn_skipped = Ход { $turn }: рядом с Полночным ужасом сонный паралич — { $player } пропускает ход.
mn-turn_ended = { $player } заканчивает ход.
mn-played = { $player } играет: { $play }{ $target ->
    [none] {""}
   *[other] {" "}на игрока { $target }
}{ $location ->
    [none] { $direction ->
        [none] {""}
       *[other] {" "}({ $direction })
    }
   *[other] {" "}— { $location }{ $direction ->
        [none] {""}
       *[other] , { $direction }
    }
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
mn-moved = { $player } перемещается в локацию { $location }.
mn-location_moved = Сон смещается: локация { $location } переезжает на клетку { $cell }.
mn-location_rotated = Сон поворачивается: локация { $location } теперь повёрнута на { $degrees }° от исходного положения (стрелки: { $arrows }).
mn-actions_cut = В следующем ходу на 1 действие меньше у двоих: { $player }, { $target }.
mn-extra_action = { $player } получает дополнительное действие (осталось: { $actions }).
mn-card_stolen = { $player } вслепую забирает карту у игрока { $target }.
mn-card_taken_secret = { $player } забирает карту «{ $card }» у игрока { $target }.
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
    [yes] 😱 { $player } вытягивает кошмар: { $colour }!{ $immune_count ->
        [0] {""}
       *[other] {" "}В безопасности в Ратуше: { $immune }.
    }
   *[no] { $player } вытягивает кошмар ({ $colour }) в Ратуше: он не срабатывает.
}
mn-nightmare-red = 😱 { $player } вытягивает Красный кошмар: в головах клацают лисицы и зовут к бою без прикрас. Ловушки нельзя ни готовить, ни запускать (кроме ловушки Полночной звезды в Ратуше).{ $immune_count ->
    [0] {""}
   *[other] {" "}В безопасности в Ратуше: { $immune }.
}
mn-nightmare-blue = 😱 { $player } вытягивает Синий кошмар: стая дрожащих птиц затмевает звёздное небо. Активировать можно только Ратушу.{ $immune_count ->
    [0] {""}
   *[other] {" "}В безопасности в Ратуше: { $immune }.
}
mn-nightmare-purple = 😱 { $player } вытягивает Пурпурный кошмар: туман из бабочек дурманит сознание.{ $immune_count ->
    [0] {""}
   *[other] {" "}В безопасности в Ратуше: { $immune }.
}
mn-nightmare-black = 😱 { $player } вытягивает Чёрный кошмар: чёрная-пречёрная кошка сладко просит остаться с ней во сне навсегда.{ $immune_count ->
    [0] {""}
   *[other] {" "}В безопасности в Ратуше: { $immune }.
}
mn-nightmare-multi = 😱 { $player } вытягивает Многоцветный кошмар: сердца всех Полуночников бьются чаще.{ $immune_count ->
    [0] {""}
   *[other] {" "}В безопасности в Ратуше: { $immune }.
}
mn-nightmare-colourless = 😱 { $player } вытягивает Бесцветный кошмар: сердца всех Полуночников бьются медленнее.{ $immune_count ->
    [0] {""}
   *[other] {" "}В безопасности в Ратуше: { $immune }.
}
mn-gathered = { $players_count ->
    [0] Сновидение тянет всех в локацию { $location }, но переносить некого.
   *[other] Сновидение переносит в локацию { $location }: { $players }.
}
mn-sent_to_corridors = { $corridors_count ->
    [0] В коридоры никого отправлять не нужно.
   *[other] Сон разбрасывает Полуночников по коридорам: { $corridors }.
}
mn-hands_passed = { $players_count ->
    [0] Передавать карты некому.
    [1] Передавать карты некому: кошмар касается только игрока { $players }.
   *[other] Карты и ловушки передаются против часовой стрелки: { $players }.
}
mn-horror = 🖤 { $player } становится Полночным ужасом: Полночный ужас не может проснуться, а всех, кто оказывается с ним в одной локации, сковывает сонный паралич.
mn-activated = { $player } активирует локацию { $location }.
mn-activated-forest = 🌲 { $player } активирует Лес: несметный сумеречный лес, обнимающий сновидение, открывает путь куда угодно.
mn-activated-square = ⛲ Площадь помнит всё, что случилось во сне: { $player } активирует её и просматривает сброс.
mn-activated-motel = 🪞 { $player } активирует Мотель: словно зеркало, он показывает беззащитное спящее тело Полуночника.
mn-activated-restaurant = 🍷 { $player } активирует Ресторан: липкий и обволакивающий, он туманит сознание у Моста.
mn-activated-townhall = 🏛️ { $player } активирует Ратушу, где воля противостоит тяжёлым видениям.
mn-activated-bridge = 🌅 { $player } активирует Мост, что ведёт из лунного сна в солнечную явь.
mn-discard_pile = Сброс: { $cards }.
mn-neutralised = { $colours_count ->
    [0] Активных кошмаров нет; у всех снова по 2 действия.
   *[other] Ратуша разгоняет тяжёлые видения: { $player } нейтрализует кошмары ({ $colours }); у всех снова по 2 действия.
}{ $count ->
    [0] {""}
    [one] {" "}{ $player } сбрасывает { $count } карту кошмара.
    [few] {" "}{ $player } сбрасывает { $count } карты кошмаров.
    [many] {" "}{ $player } сбрасывает { $count } карт кошмаров.
   *[other] {" "}{ $player } сбрасывает { $count } карты кошмаров.
}
mn-hand_shown = Карты игрока { $player }: { $cards }.
mn-took = { $player } берёт { $count ->
    [one] { $count } карту
    [few] { $count } карты
    [many] { $count } карт
   *[other] { $count } карты
}{ $target ->
    [none] {""}
   *[other] {" "}у игрока { $target }
} (локация { $location }).
mn-excess_discarded = { $player } сбрасывает { $count ->
    [one] { $count } лишнюю карту
    [few] { $count } лишние карты
    [many] { $count } лишних карт
   *[other] { $count } лишней карты
}{ $given ->
    [0] {""}
    [one] {" "}и отдаёт { $given } карту игроку { $target }
    [few] {" "}и отдаёт { $given } карты игроку { $target }
    [many] {" "}и отдаёт { $given } карт игроку { $target }
   *[other] {" "}и отдаёт { $given } карты игроку { $target }
}.
mn-nothing_done = { $player } ничего здесь не делает.
mn-hands_shuffled = { $players_count ->
    [0] { $player } хочет перемешать карты у Моста, но там нет никого, чьи карты можно перемешать.
   *[other] { $player } перемешивает карты игроков { $players } и раздаёт их обратно.
}
mn-blind_discard = { $player } сбрасывает { $count ->
    [one] { $count } случайную карту
    [few] { $count } случайные карты
    [many] { $count } случайных карт
   *[other] { $count } случайной карты
} игрока { $target }.
mn-trap_sprung = 💥 Срабатывает ловушка игрока { $player } в локации { $location }: { $card }{ $how ->
    [self] {" "}— игрок { $player } встаёт на эту локацию
    [corridor] {" "}— игрок { $target } отправляется в локацию { $corridor }
    [swap] {" "}— игрок { $player } меняется местами с игроком { $target }
    [claim] {" "}— следующий ход игрока { $target } играет игрок { $player }
    [star] {" "}— вместо игрока { $target }
   *[none] {""}
}.
mn-player_removed = { $player } ускользает из сновидения и покидает игру.
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
mn-choose_motel_take = Мотель: заберите до 3 карт этого игрока.
mn-choose_excess = Слишком много карт: сбросьте до 5.
mn-choose_restaurant = Ресторан: перемешайте карты у Моста или вслепую сбросьте чьи-то карты.
mn-choose_assign = Вы — Полночный ужас: отправьте каждого Полуночника в отдельный коридор.

## Отказы
mn-error-bad_override = Такая подготовка сценария невозможна.
mn-error-not_a_player = Вы не участвуете в этом сновидении.
mn-error-bad_action = В этой игре нет такого действия.
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
mn-error-bad_elapsed = Время, указанное для этого действия, недопустимо.
mn-error-closed_answered = Поздно: первый ответ на эту карту — от <@{ $player }>, { $play ->
    [cancel] Голландский угол
   *[other] Ловец снов
}. На карту отвечают лишь раз; на этот ответ открыто новое окно.
mn-error-closed_passed = Поздно: все остальные спасовали, окно закрылось, и карта сработала.
mn-error-closed_timeout = Поздно: время на этот выбор вышло.
mn-error-closed_played = Поздно: этот момент позади, на столе карта от <@{ $player }>, открыто окно ответа на неё.
mn-error-closed_ended = Поздно: этот момент позади, ход <@{ $player }> окончен.
mn-error-closed_sprung = Поздно: этот момент позади, ловушка <@{ $player }> уже запущена.
mn-error-closed_chosen = Поздно: этот выбор уже сделан (<@{ $player }>).
mn-error-closed_removed = Поздно: этот выбор закрыт, <@{ $player }> больше не в игре (решение ведущего).
mn-error-closed_over = Поздно: сновидение окончено.

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
mn-board-status_controlled = Все решения за игрока { $player } принимает игрок { $controller } (ловушка Ловца снов).
mn-board-status_window = Окно ответа: карта «{ $card }» игрока { $player }
mn-board-status_window_trap = Окно ответа: { $player } готовит ловушку рубашкой вверх
mn-board-status_choice = Выбирает игрок { $player }.
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
mn-board-claimed = следующий ход играет игрок { $controller }
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

## Discord (cogs/midnighters/presenter.py): настройки лобби
mn-option-reaction_seconds = Окно реакции
mn-option-choice_seconds = Выбор внутри эффекта
mn-option-turn_seconds = Время на ход
mn-option-max_turns = Наибольшее число ходов
mn-option-layout = Поле

## Discord: что делает каждая кнопка
mn-button-end = Закончить ход
mn-button-sleepwalk = Снохождение
mn-button-vertigo_move = Вертиго (сдвинуть локацию)
mn-button-vertigo_rotate = Вертиго (повернуть локацию)
mn-button-star = Полночная звезда
mn-button-dutch_cut = Голландский угол (меньше действий)
mn-button-dutch_extra = Голландский угол (дополнительное действие)
mn-button-catcher_steal = Ловец снов (забрать карту)
mn-button-set_trap = Подготовить ловушку
mn-button-spring = Запустить ловушку
mn-button-pass = Пас
mn-button-cancel = Отменить (Голландский угол)
mn-button-intercept = Перехватить (Ловец снов)
mn-button-mark = Отметить ловушку Полночной звезды
mn-button-goto = Перейти
mn-button-done = Готово
mn-button-take = Взять карту
mn-button-target = Посмотреть карты
mn-button-discard = Сбросить карту
mn-button-give = Отдать карту
mn-button-shuffle = Перемешать карты у Моста
mn-button-blind_discard = Сброс вслепую
mn-button-assign = Отправить в коридор
mn-button-remove = Убрать игрока

## Discord: значения в пошаговом выборе
mn-suspense-suspense-forest = { mn-location-forest }
mn-suspense-suspense-square = { mn-location-square }
mn-suspense-suspense-motel = { mn-location-motel }
mn-suspense-suspense-restaurant = { mn-location-restaurant }
mn-suspense-suspense-townhall = { mn-location-townhall }
mn-suspense-suspense-bridge = { mn-location-bridge }
mn-mode-corridor = отправить игрока в коридор
mn-mode-self = встать туда лично
mn-turns-1 = с поворотом на 90° по часовой стрелке
mn-turns-2 = с поворотом на 180°
mn-turns-3 = с поворотом на 90° против часовой стрелки
mn-label-cell = клетка { $cell }
mn-label-count = { $count ->
    [one] { $count } карта
    [few] { $count } карты
    [many] { $count } карт
   *[other] { $count } карты
}
mn-label-trap = ловушка «{ $card }» в локации { $location }
mn-label-trap_unknown = ваша ловушка

## Discord: одно действие словами (кнопки, пункты списков, подтверждение после нажатия)
mn-do-end = Закончить ход
mn-do-sleepwalk = { $destination ->
    [none] Снохождение: { $direction }
   *[other] Снохождение { $direction }: { $destination }
}
mn-do-vertigo_move = Вертиго: сдвинуть локацию { $location } { $direction }
mn-do-vertigo_rotate = Вертиго: повернуть локацию { $location } { $direction }
mn-do-star = { $location ->
    [none] Полночная звезда: активировать свою локацию
   *[other] Полночная звезда: активировать локацию { $location }
}
mn-do-dutch_cut = Голландский угол: −1 действие в следующем ходу игроку { $target } и вам
mn-do-dutch_extra = Голландский угол: +1 действие сейчас, −1 в следующем ходу
mn-do-catcher_steal = Ловец снов: вслепую взять карту у игрока { $target }
mn-do-set_trap = Ловушка в локации { $location }: { $card }
mn-do-pass = Пас
mn-do-cancel = Отменить (Голландский угол)
mn-do-intercept = Перехватить (Ловец снов)
mn-do-mark = Отметить ловушку Полночной звезды в локации { $location }
mn-do-goto = Перейти: { $location }
mn-do-done = { $where ->
    [motel_target] Ни на чьи карты не смотреть
    [restaurant] Ничего здесь не делать
   *[other] Больше ничего не брать
}
mn-do-take = Взять: { $card }
mn-do-target = Посмотреть карты игрока { $player }
mn-do-discard = Сбросить: { $card }
mn-do-give = Отдать обратно: { $card }
mn-do-shuffle = Перемешать карты игроков на Мосту и рядом с ним
mn-do-blind_discard = Сбросить у игрока { $player } { $count ->
    [one] { $count } случайную карту
    [few] { $count } случайные карты
    [many] { $count } случайных карт
   *[other] { $count } случайной карты
}
mn-do-assign = Отправить игрока { $player } → { $corridor }
mn-do-remove = Убрать игрока { $player } из сновидения
mn-do-spring = Ловушка ({ $location }): { $effect }
mn-do-spring_gone = Ваша ловушка: { $effect }
mn-spring-self = встать туда лично
mn-spring-corridor = игрок { $target } → { $corridor }
mn-spring-vertigo = на клетку { $cell } { $turns }
mn-spring-star = активировать Ратушу издалека
mn-spring-dutch = обмен местами с игроком { $target }
mn-spring-catcher = сыграть ход за игрока { $target }
mn-spring-any = запустить

## Discord: личные сообщения
mn-ask-turn = 🌙 **Ход { $turn }: ваша очередь** — осталось { $actions ->
    [one] { $actions } действие
    [few] { $actions } действия
    [many] { $actions } действий
   *[other] { $actions } действия
}.
mn-ask-turn_for = 🕸️ **Ход { $turn }: вы играете за игрока { $player }** (ловушка Ловца снов) — осталось { $actions ->
    [one] { $actions } действие
    [few] { $actions } действия
    [many] { $actions } действий
   *[other] { $actions } действия
}.
mn-ask-turn_help = Розыгрыш карты стоит 1 действие, ловушка — 2; дополнительное действие Голландского угла ничего не стоит. Остальные могут ответить на каждый розыгрыш, прежде чем он сработает.
mn-ask-window = ⚡ **{ $what } Ответить?**
mn-ask-window_help = Голландский угол отменяет карту, Ловец снов забирает её вам на руку; в обоих случаях в следующем ходу у вас на 1 действие меньше. Или пас.
mn-ask-window_none = У вас нет ни Голландского угла, ни Ловца снов: пас.
mn-ask-choice = 🎴 **{ $what }**
mn-ask-taken = Взято: { $count } из 3.
mn-ask-assign = Куда отправить игрока { $player }?
mn-ask-pick = { $so_far } — { $question }
mn-ask-direction = в какую сторону?
mn-ask-location = какая локация?
mn-ask-target = какой игрок?
mn-ask-player = какой игрок?
mn-ask-suspense = где будет ловушка?
mn-ask-card = какая карта в пару?
mn-ask-trap = какая ловушка?
mn-ask-mode = как?
mn-ask-corridor = какой коридор?
mn-ask-cell = какая пустая клетка?
mn-ask-turns = как повернуть?
mn-ask-count = сколько карт?
mn-ask-kind = что вы играете?
mn-you_stand = 📍 Вы в локации { $location } (стрелки: { $arrows }).
mn-they_stand = 📍 Игрок { $player } в локации { $location } (стрелки: { $arrows }).
mn-no_arrows = нет
mn-your_cards = 🃏 Ваши карты: { $cards }
mn-their_cards = 🃏 Карты игрока { $player }: { $cards }
mn-no_cards = нет карт
mn-your_traps = 🪤 Ваши ловушки: { $traps }
mn-the_discard = 🗑️ Сброс: { $cards }
mn-their_hand = 👁️ Карты этого игрока: { $cards }
mn-traps_now = 🪤 **Ваши ловушки**, пока ходит { $player }: { $traps }
mn-traps_spring = Одну из них можно запустить прямо сейчас, вне своего хода.
mn-mine_waiting = Ждём: { $players }.

## Discord: подпись к полю и конец игры
mn-caption-turn = 🌙 **Ход { $turn } из { $max_turns }**
mn-caption-piles = Колода: { $deck } · сброс: { $discard }
mn-caption-where = 📍 { $players }
mn-caption-player = { $player } ({ $letter }): { $location }, { $cards ->
    [one] { $cards } карта
    [few] { $cards } карты
    [many] { $cards } карт
   *[other] { $cards } карты
}{ $traps ->
    [0] {""}
    [one] , { $traps } ловушка
    [few] , { $traps } ловушки
    [many] , { $traps } ловушек
   *[other] , { $traps } ловушки
}
mn-caption-nightmares = 😱 { $nightmares }
mn-drew_cards = { $player } берёт { $count ->
    [one] { $count } карту
    [few] { $count } карты
    [many] { $count } карт
   *[other] { $count } карты
} (на руке: { $hand }).
mn-ending = { $reason ->
    [woke] { $player } просыпается на Мосту, в солнечной яви, и побеждает; сновидение окончено.
    [dead_sleep] { $player }, Полночный ужас, погружает всех Полуночников в мёртвый сон и побеждает; сновидение окончено.
    [abandoned] Все покинули сновидение; победителей нет.
   *[other] { $cause ->
        [max_turns] Никто не проснулся за { $turns ->
            [one] { $turns } ход
            [few] { $turns } хода
            [many] { $turns } ходов
           *[other] { $turns } хода
        }, а больше ходов в игре нет: сон становится беспробудным, победителей нет.
        [no_cards] Никто не проснулся, пока не кончились колода и сброс: сон становится беспробудным, победителей нет.
       *[other] Никто не проснулся; победителей нет.
    }
}
mn-over-hands = Карты в конце игры:
mn-over-hand = • { $player }: { $cards }
mn-over-traps = Подготовленные ловушки: { $traps }
mn-over-trap = { $player }: { $card } в локации { $location }
mn-over-no_traps = Подготовленных ловушек нет.
mn-over-discard = Сброс: { $cards }
mn-over-seed = 🎲 Зерно: { $seed } (от него зависели все тасовки этой игры)
