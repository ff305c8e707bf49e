## Полночная Охота — тактика на гексах 1×1 / 2×2 с мешком жетонов. Ключи событий "mh.<событие>".

mh-name = Полночная Охота
mh-tagline = Соберите отряды, тяните жетоны из мешка, удерживайте локации.
mh-recommended = Для 2 игроков (1×1) или 4 игроков (2×2).
mh-lobby-joined = Вы в охоте. Когда игра начнётся, выбор отрядов, ваша рука и ваши ходы придут в личные сообщения; поле — в ветке игры.
mh-dm_hello = 👋 Вы в охоте. Выбор отрядов, ваши жетоны и ваши ходы будут приходить сюда, в эту переписку; поле — в ветке игры.

mh-mode-1v1 = 1 × 1
mh-mode-2v2 = 2 × 2
mh-side-A = сторона А (красные)
mh-side-B = сторона Б (фиолетовые)
mh-side-none = никто
mh-previous-A = сторона А
mh-previous-B = сторона Б
mh-previous-neutral = нейтральная
mh-faction-hunters = 🗡️ Охотники
mh-faction-darkness = 🌑 Тьма

mh-unit-archer = Лучник
mh-unit-crossbowman = Арбалетчик
mh-unit-uhlan = Улан
mh-unit-cavalry = Кавалерия
mh-unit-light_cavalry = Лёгкая Кавалерия
mh-unit-spearman = Копейщик
mh-unit-knight = Рыцарь
mh-unit-swordsman = Мечник
mh-unit-necromancer = Некромант
mh-unit-seal = Печать
mh-name-archer = { mh-unit-archer }
mh-name-crossbowman = { mh-unit-crossbowman }
mh-name-night_shooter = Ночной Стрелок
mh-name-uhlan = { mh-unit-uhlan }
mh-name-cavalry = { mh-unit-cavalry }
mh-name-light_cavalry = { mh-unit-light_cavalry }
mh-name-spearman = { mh-unit-spearman }
mh-name-knight = { mh-unit-knight }
mh-name-swordsman = { mh-unit-swordsman }
mh-name-necromancer = { mh-unit-necromancer }
mh-victim_name-archer = { mh-name-archer }
mh-victim_name-crossbowman = { mh-name-crossbowman }
mh-victim_name-night_shooter = { mh-name-night_shooter }
mh-victim_name-uhlan = { mh-name-uhlan }
mh-victim_name-cavalry = { mh-name-cavalry }
mh-victim_name-light_cavalry = { mh-name-light_cavalry }
mh-victim_name-spearman = { mh-name-spearman }
mh-victim_name-knight = { mh-name-knight }
mh-victim_name-swordsman = { mh-name-swordsman }
mh-victim_name-necromancer = { mh-name-necromancer }
mh-token-archer = { mh-unit-archer }
mh-token-crossbowman = { mh-unit-crossbowman }
mh-token-uhlan = { mh-unit-uhlan }
mh-token-cavalry = { mh-unit-cavalry }
mh-token-light_cavalry = { mh-unit-light_cavalry }
mh-token-spearman = { mh-unit-spearman }
mh-token-knight = { mh-unit-knight }
mh-token-swordsman = { mh-unit-swordsman }
mh-token-necromancer = { mh-unit-necromancer }
mh-token-seal = 🔑 Печать
mh-seal-seal_of_the_order = 🔑 Печать Ордена
mh-seal-seal_of_the_abyss = 🔑 Печать Бездны

mh-how-attack = в ближнем бою
mh-how-move = Шаг
mh-how-shot = Выстрел
mh-how-aimed_shot = Прицельный выстрел
mh-how-piercing_strike = Разящий удар
mh-how-charge = Наскок
mh-how-dash = Рывок
mh-choice-initiative = Перехватить инициативу
mh-choice-recruit = Завербовать
mh-choice-pass = Пропустить ход
mh-reason-control = локации под контролем
mh-reason-surrender = другая сторона сдалась
mh-reason-abandoned = время на возвращение истекло
mh-reason-time = время на часах истекло
mh-reason-stalemate = пат

mh-draft = { $player }, выберите тип отряда.
mh-turn = { $player }, разыграйте жетон (раунд { $round }).
mh-rejoin = { $player } выходит из игры: нажмите «Вернуться».

mh-game_started = Полночная Охота, { $mode }. Фракции: { $factions }. Первый ход: { $first } ({ $side }).
mh-drafted = В охоту вступает отряд «{ $name }» игрока { $player }.
mh-draft_done = Драфт окончен: { $units }.
mh-round_started = 🌙 Раунд { $round }. Ведёт { $side }, первый ход — у игрока { $first }.
mh-drew = { $player } тянет из мешка { $count ->
    [one] { $count } жетон
    [few] { $count } жетона
    [many] { $count } жетонов
   *[other] { $count } жетона
} (на руке: { $hand }).
mh-hand = Ваша рука: { $tokens }.
mh-reshuffled = Мешок игрока { $player } пуст: сброс возвращается в мешок ({ $count ->
    [one] { $count } жетон
    [few] { $count } жетона
    [many] { $count } жетонов
   *[other] { $count } жетона
}).
mh-deployed = { $player } выводит отряд «{ $name }» на поле, на гекс { $hex }.
mh-bolstered = { $player } укрепляет отряд «{ $name }» на гексе { $hex }: в стопке теперь { $stack }.
mh-moved = { $how }: отряд «{ $name }» игрока { $player } переходит с гекса { $from } на гекс { $to }.
mh-stepped = Отряд «{ $name }» игрока { $player } переходит с гекса { $from } на гекс { $to }.
mh-attacked = ⚔️ Отряд «{ $name }» игрока { $player } с гекса { $hex } бьёт ({ $how }) отряд «{ $victim_name }» игрока { $victim } на гексе { $target }: { $left ->
    [0] от стопки не осталось ни жетона.
   *[other] в его стопке — { $left }.
}{ $counter ->
    [yes] { " " }Контрудар! { $stack ->
        [0] Атакующий теряет последний жетон.
       *[other] В стопке атакующего — { $stack }.
    }
   *[no] {""}
}
mh-destroyed = 💀 Отряд «{ $name }» игрока { $player } гибнет на гексе { $hex }.
mh-fee = Отряд «{ $name }» игрока { $player } платит за выстрел: в сброс уходит { $paid ->
    [one] { $paid } жетон
    [few] { $paid } жетона
    [many] { $paid } жетонов
   *[other] { $paid } жетона
}, в стопке — { $stack }.
mh-controlled = 🚩 Отряд «{ $name }» игрока { $player } поднимает знамя над локацией { $location } (прежде: { $previous }); у стороны под контролем { $count ->
    [one] { $count } локация
    [few] { $count } локации
    [many] { $count } локаций
   *[other] { $count } локации
}.
mh-forfeited = { $player } сбрасывает жетон «{ $name }»: для него нет хода.
mh-seal_played = 🔑 { $player } тайно ломает Печать: её сила проявится в конце раунда.
mh-seal_chosen = Ваша Печать: { $choice } { $unit } (сработает в конце раунда).
mh-round_ended = 🌘 Раунд { $round } окончен. В следующем ведёт { $side }{ $changed ->
    [yes] : инициатива перешла к другой стороне.
   *[no] .
}
mh-left = { $player } выходит из игры: { $seconds ->
    [one] { $seconds } секунда
    [few] { $seconds } секунды
    [many] { $seconds } секунд
   *[other] { $seconds } секунды
} на возвращение.{ $idle ->
    [yes] { " " }(слишком долгое бездействие)
   *[no] {""}
}
mh-rejoined = { $player } возвращается в игру.
mh-game_over = Игра окончена ({ $reason }). Победители: { $winners }.

mh-error-not_a_player = { mh-step-spectator }
mh-error-bad_action = В Полночной Охоте нет такого действия.
mh-error-away = Вы покинули игру: сначала нажмите «Вернуться».
mh-error-not_away = Вы не покидали игру.
mh-error-not_your_turn = Сейчас не ваш ход.
mh-error-wrong_prompt = Отвечайте на запрос своего хода.
mh-error-bad_elapsed = Затраченное время — целое число секунд, не меньше 0.
mh-error-wrong_phase = Идёт драфт: выберите тип отряда.
mh-error-not_in_hand = Этого жетона нет у вас на руке.
mh-error-illegal_play = Сейчас так сыграть нельзя.
mh-error-bad_unit = Этот отряд нельзя выбрать.
mh-error-bad_override = Неверная расстановка сценария.
mh-error-player_count = В Полночную Охоту играют вдвоём (1×1) или вчетвером (2×2).
mh-error-mode_players = Режим { $mode } рассчитан на { $seats ->
    [one] { $seats } игрока
    [few] { $seats } игроков
    [many] { $seats } игроков
   *[other] { $seats } игрока
}; за столом: { $count }.
mh-error-bad_option = Неверная настройка.

## Картинка поля (cogs/midnight_hunt/board.py) и её описание для экранных дикторов.
mh-board-letter-A = А
mh-board-letter-B = Б
mh-board-abbr-archer = Лч
mh-board-abbr-crossbowman = Ар
mh-board-abbr-night_shooter = НС
mh-board-abbr-uhlan = Ул
mh-board-abbr-cavalry = Кв
mh-board-abbr-light_cavalry = ЛК
mh-board-abbr-spearman = Кп
mh-board-abbr-knight = Рц
mh-board-abbr-swordsman = Мч
mh-board-abbr-necromancer = Нк
mh-board-draft = Драфт
mh-board-round = Раунд { $round }
mh-board-game-over = Игра окончена:
mh-board-over-win = победила { $side } — { $reason }.
mh-board-over-draw = ничья — { $reason }.
mh-board-to-play = Ходит:
mh-board-to-pick = Выбирает:
mh-board-initiative = Инициатива:
mh-board-held = Локации:
mh-board-to-win = для победы нужно { $count }
mh-board-seal-rounds = { $count ->
    [one] { $count } раунд подряд только Печати
    [few] { $count } раунда подряд только Печати
    [many] { $count } раундов подряд только Печати
   *[other] { $count } раунда подряд только Печати
}
mh-board-clock = часы
mh-board-away = вне игры
mh-board-acting = ходит
mh-board-bag = мешок { $count }
mh-board-hand = рука { $count }
mh-board-face-down = скрыто в сбросе { $count }
mh-board-col-unit = Отряд
mh-board-col-board = Стопка
mh-board-col-supply = Запас
mh-board-col-discard = Сброс
mh-board-col-dead = Павшие
mh-board-no-units = Отряды ещё не выбраны
mh-board-legend-neutral = нейтральная локация
mh-board-legend-necropolis = Некрополь: захватывает только Некромант
mh-board-legend-stack = высота стопки
mh-board-legend-hex = гекс: буква слева направо, ряд от стороны А
mh-board-alt-draft = Поле Полночной Охоты, { $mode }, идёт драфт.
mh-board-alt-round = Поле Полночной Охоты, { $mode }, раунд { $round }.
mh-board-alt-to-play = Ходит: { $player } (место { $seat }).
mh-board-alt-to-pick = Выбирает отряд: { $player } (место { $seat }).
mh-board-alt-initiative = Инициатива: { $side }.
mh-board-alt-held = Под контролем: у А { $a }, у Б { $b }; для победы { $count ->
    [one] нужна { $count } локация
    [few] нужны { $count } локации
    [many] нужно { $count } локаций
   *[other] нужно { $count } локации
}.
mh-board-alt-holds = { $side } удерживает { $locations }
mh-board-alt-neutral = нейтральные: { $locations }
mh-board-alt-units = Отряды на поле: { $units }
mh-board-alt-unit = { $seat } { $unit }, стопка { $stack }, на гексе { $hex }
mh-board-alt-unit-short = { $seat } { $unit } { $hex } ×{ $stack }
mh-board-alt-units-by-seat = Отрядов на поле по местам: { $units }
mh-board-alt-counts-short = мешок { $bag }, рука { $hand }, скрыто { $hidden }.
mh-board-alt-none = нет
mh-board-alt-seat = { $seat } { $player } ({ $faction }):
mh-board-alt-drafted = выбрано: { $units }
mh-board-alt-counts = в мешке { $bag ->
    [one] { $bag } жетон
    [few] { $bag } жетона
    [many] { $bag } жетонов
   *[other] { $bag } жетона
}, на руке { $hand }, скрыто в сбросе { $hidden }.
mh-board-alt-tokens = Запас: { $supply }. Сброс: { $discard }. Павшие: { $dead }.
mh-board-alt-clock = Часы: { $time }.
mh-board-alt-away = Вне игры.
mh-board-picked = выбрано { $count } из { $total }

## Discord: ведущий (cogs/midnight_hunt/presenter.py), настройки лобби и кнопки.
mh-option-mode = Режим
mh-option-first_player = Первый игрок
mh-first_player-random = 🎲 Случайно
mh-first_player-A = Сторона А (красные)
mh-first_player-B = Сторона Б (фиолетовые)
mh-option-faction_1 = Фракция места 1
mh-option-faction_2 = Фракция места 2
mh-option-faction_3 = Фракция места 3
mh-option-faction_4 = Фракция места 4
mh-faction_1-random = 🎲 Случайно
mh-faction_1-hunters = { mh-faction-hunters }
mh-faction_1-darkness = { mh-faction-darkness }
mh-faction_2-random = 🎲 Случайно
mh-faction_2-hunters = { mh-faction-hunters }
mh-faction_2-darkness = { mh-faction-darkness }
mh-faction_3-random = 🎲 Случайно
mh-faction_3-hunters = { mh-faction-hunters }
mh-faction_3-darkness = { mh-faction-darkness }
mh-faction_4-random = 🎲 Случайно
mh-faction_4-hunters = { mh-faction-hunters }
mh-faction_4-darkness = { mh-faction-darkness }
mh-option-clock_minutes = Шахматные часы, минуты (0: без часов)
mh-option-increment_seconds = Добавка к часам за ход
mh-option-rejoin_seconds = Время на возвращение после выхода
mh-option-idle_minutes = Предел бездействия за ход, минуты (без часов)

mh-button-pick = Взять
mh-button-deploy = Вывести
mh-button-bolster = Укрепить
mh-button-move = Переместить
mh-button-attack = Атаковать
mh-button-control = Захватить локацию
mh-button-tactic = Тактика
mh-button-forfeit = Сбросить жетон
mh-button-seal = Печать
mh-button-surrender = Сдаться
mh-button-confirm_surrender = Сдаться сейчас
mh-button-rejoin = Вернуться
mh-button-leave = Выйти из игры

mh-help-archer = { $tokens ->
    [one] { $tokens } жетон
    [few] { $tokens } жетона
    [many] { $tokens } жетонов
   *[other] { $tokens } жетона
} · без обычной атаки · Выстрел: бьёт врага ровно в 2 гексах.
mh-help-crossbowman = { $tokens ->
    [one] { $tokens } жетон
    [few] { $tokens } жетона
    [many] { $tokens } жетонов
   *[other] { $tokens } жетона
} · атакует только при стопке от 3 · Прицельный выстрел: враг по прямой в 1 или 2 гексах (гекс между ними пуст).
mh-help-night_shooter = { $tokens ->
    [one] { $tokens } жетон
    [few] { $tokens } жетона
    [many] { $tokens } жетонов
   *[other] { $tokens } жетона
} · атакует при стопке от 2 и платит 1 жетон в сброс · Прицельный выстрел: враг по прямой в 1 или 2 гексах.
mh-help-uhlan = { $tokens ->
    [one] { $tokens } жетон
    [few] { $tokens } жетона
    [many] { $tokens } жетонов
   *[other] { $tokens } жетона
} · без обычной атаки · Разящий удар: враг по прямой в 2 или 3 гексах через пустые гексы, затем сближение.
mh-help-cavalry = { $tokens ->
    [one] { $tokens } жетон
    [few] { $tokens } жетона
    [many] { $tokens } жетонов
   *[other] { $tokens } жетона
} · атакует · Наскок: шаг на соседний гекс и атака оттуда.
mh-help-light_cavalry = { $tokens ->
    [one] { $tokens } жетон
    [few] { $tokens } жетона
    [many] { $tokens } жетонов
   *[other] { $tokens } жетона
} · атакует · Рывок: на 2 гекса через пустой гекс.
mh-help-spearman = { $tokens ->
    [one] { $tokens } жетон
    [few] { $tokens } жетона
    [many] { $tokens } жетонов
   *[other] { $tokens } жетона
} · атакует · Контрудар: атакующий в ближнем бою тоже теряет жетон.
mh-help-knight = { $tokens ->
    [one] { $tokens } жетон
    [few] { $tokens } жетона
    [many] { $tokens } жетонов
   *[other] { $tokens } жетона
} · атакует · при стопке 1 неуязвим для атак.
mh-help-swordsman = { $tokens ->
    [one] { $tokens } жетон
    [few] { $tokens } жетона
    [many] { $tokens } жетонов
   *[other] { $tokens } жетона
} · атакует · без тактики.
mh-help-necromancer = { $tokens ->
    [one] { $tokens } жетон
    [few] { $tokens } жетона
    [many] { $tokens } жетонов
   *[other] { $tokens } жетона
} · атакует · единственный, кто захватывает Некрополь в 2 × 2.

mh-none = нет
mh-in_supply = в запасе: { $count }
mh-caption-over = Охота окончена
mh-caption-initiative = Инициатива: { $side }
mh-caption-held = Локации: А { $a } · Б { $b } (для победы { $count })
mh-over-win = побеждает { $side }: { $reason }.
mh-over-draw = ничья: { $reason }.
mh-over-by-surrender = { $player } складывает оружие.
mh-over-by-time = Время на часах игрока { $player } вышло.
mh-over-by-abandoned = Время на возвращение игрока { $player } вышло.
mh-over-winners = Победа этой ночи: { $players }.
mh-started = ⚔️ **Полночная Охота**, { $mode }. Бьёт полночь — охота начинается. { $lineup }. Первый выбор — за игроком { $first }, { $side }.
mh-draft_over = 📋 Отряды собраны. { $lineup }.
mh-public-draft = 📋 Драфт, выбор { $pick } из { $picks }: тип отряда выбирает **{ $player }**.
mh-public-turn = ▶️ Раунд { $round }: ходит **{ $player }**.
mh-public-waiting = (вне игры: ждём возвращения игрока { $player })
mh-public-away = { $player } выходит из игры{ $idle ->
    [yes] { " " }(слишком долго без хода)
   *[no] {""}
}{ $waits ->
    [yes] : игра ждёт возвращения.
   *[no] .
}
mh-rejoin-until = { $player } может вернуться { $when }, иначе поражение.
mh-clock-running = Время на часах игрока { $player } выйдет { $when }
mh-clock-stopped = На часах игрока { $player }: { $time }
mh-clock-of = { $player } { $time }
mh-idle = Ход игрока { $player } нужно сделать { $when }, иначе это будет считаться выходом из игры
mh-dm-draft = 📋 **Ваш выбор в драфте** ({ $pick } из { $picks }). Вы играете за { $seat }, { $faction }.
mh-dm-yours = Ваши отряды: { $units }.
mh-dm-turn = ▶️ **Ваш ход**, раунд { $round }. Вы играете за { $seat }, { $faction }.
mh-dm-hand = Ваша рука: { $tokens }
mh-dm-bag = В мешке ({ $count }, тянутся случайно): { $tokens }
mh-dm-pending = 🔑 Ваша Печать в этом раунде: { $choice }. Сработает в конце раунда; знаете о ней только вы.
mh-dm-round_hand = Раунд { $round }, ваша рука: { $tokens }
mh-dm-help = В каждом ходе названы жетон, его действие и цель. Гексы названы, как на поле: буква — место в ряду слева направо, число — номер ряда от края стороны А.
mh-dm-rejoin = Вы вышли из игры. Нажмите «Вернуться», иначе ваша сторона проиграет.
mh-seal-mine = 🔑 Ваша Печать: { $choice }. Сработает в конце раунда; остальные видят только, что сыграна Печать.
mh-team-A = Сторона А (красные)
mh-team-B = Сторона Б (фиолетовые)
mh-team-welcome = 🛡️ **{ $team }**: закрытая ветка вашей команды, в ней: { $players }. Договаривайтесь здесь; рука каждого игрока остаётся в личных сообщениях.
mh-step-spectator = Вы наблюдаете за игрой: зрители видят поле и ход игры, но не ходят.
mh-step-draft = Какой тип отряда берёте?
mh-step-token = Какой жетон разыгрываете?
mh-step-play = Выберите ход
mh-step-token_play = { $token }: какой ход?
mh-step-action = { $token }: какое действие?
mh-step-target = { $action } → выберите:
mh-step-seal = { $token }: какое действие? Знать будете только вы; остальные увидят лишь, что сыграна Печать.
mh-step-confirm = { $action }?
mh-step-surrender = { $team ->
    [yes] 🏳️ Сдаться? Ваша команда сразу проиграет: и вы, и напарник.
   *[no] 🏳️ Сдаться? Вы сразу проиграете.
}
mh-button-cancel_surrender = Отмена: играть дальше
mh-step-surrender_cancelled = 🏳️ Вы не сдались: игра продолжается.
