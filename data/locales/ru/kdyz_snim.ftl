## Když sním (Когда я сплю) — ключи событий "ks.<event>"; см. engines/kdyz_snim и shared/rules/kdyz_snim.md.

ks-name = Когда я сплю (Když sním)
ks-tagline = Один игрок видит сон, остальные шепчут подсказки из одного слова. Феи помогают, Буки путают, Песочные человечки ищут равновесие.
ks-recommended = Рекомендуется: от 6 игроков.
ks-lobby-joined = Вы в игре. Каждую ночь ваша роль придёт в личные сообщения, а с ней и карта сна, если вы не Сновидец; подсказки и догадки — в ветке игры.

ks-role-dreamer = Сновидец
ks-role-fairy = Фея
ks-role-boogeyman = Бука
ks-role-sandman = Песочный человечек
ks-role-help-dreamer = Вы не видите карт сна. Называйте каждый элемент один раз, когда будете готовы, и запоминайте свои ответы: кто утром вспомнит их все, получит +2.
ks-role-help-fairy = Ваша цель — верные ответы Сновидца: 1 очко за каждый элемент в жёлтой стопке. Давайте полезные подсказки.
ks-role-help-boogeyman = Ваша цель — ошибки Сновидца: 1 очко за каждый элемент в синей стопке (ошибка или пропуск). Уводите сон в сторону, но не попадитесь.
ks-role-help-sandman = Ваша цель — равновесие: поровну в жёлтой и синей стопках приносит больше всего (жёлтая + 2); разница в одну карту — бо́льшую стопку, разница больше — меньшую.

ks-pile-yellow = угадано, жёлтая стопка
ks-pile-blue = не угадано, синяя стопка
ks-fate-yellow = угадано
ks-fate-blue = не угадано
ks-fate-penalty = штрафная карта
ks-fate-unused = не использована
ks-fate-current = в игре
ks-reason-words = больше одного слова
ks-reason-same = это сам элемент
ks-reason-translation = перевод элемента
ks-reason-stem = общий корень с элементом
ks-reason-all_dreamt = все побывали Сновидцем
ks-reason-too_few_players = осталось меньше 4 игроков
ks-clue_mode-text = подсказки в чате
ks-clue_mode-voice = подсказки голосом
ks-language-cs = чешский
ks-language-ru = русский
ks-language-en = английский

ks-game_started = 🌙 Начинается «Когда я сплю»: { $players_count } { $players_count ->
    [one] игрок
    [few] игрока
    [many] игроков
   *[other] игрока
}, { $rounds } { $rounds ->
    [one] ночь
    [few] ночи
    [many] ночей
   *[other] ночи
} (каждый игрок один раз будет Сновидцем), элементы: { $language }, { $clue_mode }. Слушайте Фей, но берегитесь Бук и Песочных человечков: вспомнится ли сон на рассвете?
ks-night_started = 🌙 Ночь { $round }: Сновидец — { $dreamer }. Сон начинается, и у изголовья собираются духи, чтобы шептать подсказки. Порядок подсказок: { $clue_order }. Духи этой ночи: Фея × { $fairies }, Бука × { $boogeymen }, Песочный человечек × { $sandmen }. Песочные часы: { $seconds } с.
ks-your_role = Ночь { $round }: ваша роль — **{ $role }**.
ks-element = { $aliases_count ->
    [0] 🎴 Карта сна { $card }: **{ $word }**
   *[other] 🎴 Карта сна { $card }: **{ $word }** (также: { $aliases })
}
ks-clue_turn = ✏️ { $player }, ваша подсказка ({ $seconds } с).
ks-clue_given = Подсказка от игрока { $player }.
ks-clue_passed = { $player } пропускает.
ks-clue_skipped = Время игрока { $player } вышло: ход переходит дальше.
ks-clue_refused = ❌ Подсказка игрока { $player } «{ $clue }» к элементу **{ $word }** — нарушение: { $reason }.
ks-card_changed = 🔀 Карта сна сменилась: { $offender } получает штрафную карту.
ks-next_card = ➡️ Следующая карта сна.
ks-guess_judged = { $passed ->
    [yes] Карта сна { $card }, **{ $word }**: Сновидец её пропускает — { $pile }.
   *[no] Карта сна { $card }, **{ $word }**: ответ Сновидца «{ $guess }» — { $pile }.
}
ks-foul_reported = ⚠️ { $reporter } сообщает о нарушении в подсказке игрока { $accused }.
ks-foul_rejected = Жалоба на игрока { $accused } отклонена.
ks-foul_lapsed = Жалоба на игрока { $accused } снята: этой карты сна уже нет.
ks-foul_confirmed = Нарушение игрока { $offender } подтверждено: **{ $word }** становится штрафной картой.
ks-time_up = ⏳ В часах не осталось песка! Подсказок больше нет. { $dreamer }, у вас последняя попытка ({ $seconds } с).
ks-card_unused = Последняя карта сна, **{ $word }**, остаётся неиспользованной.
ks-night_over = { $guessed ->
    [yes] 🌅 Духи умолкают: ночь закончилась.
   *[no] 🌅 Духи умолкают: ночь закончилась, последняя карта сна осталась неиспользованной.
}
ks-deck_empty = 🌅 Этой ночью вытянуты все карты сна из списка: ночь окончена.
ks-recap_open = 💭 { $dreamer }, не открывая глаз, вспомните свой сон: перечислите в одном сообщении элементы, которые вы называли ({ $seconds } с).
ks-recap_missed = Пересказа не было: бонуса нет.
ks-day_started = ☀️ День { $round }: { $dreamer } просыпается и снимает маску с глаз.
ks-roles_revealed = Роли: { $roles }.
ks-card_revealed = { $result ->
    [yellow] { $card }. **{ $word }** — угадано («{ $guess }»)
    [blue] { $passed ->
        [yes] { $card }. **{ $word }** — пропущено
       *[no] { $card }. **{ $word }** — не угадано («{ $guess }»)
    }
    [penalty] { $card }. **{ $word }** — штрафная карта игрока { $holder }
   *[other] { $card }. **{ $word }** — не использована
}
ks-recap_revealed = { $given ->
    [yes] { $bonus ->
        [yes] Пересказ: «{ $recap }» — все угаданные элементы вспомнены: Сновидцу +2!
       *[no] Пересказ: «{ $recap }» — без бонуса.
    }
   *[no] Пересказа нет, бонуса нет.
}
ks-round_scores = Ночь { $round }: угадано { $yellow }, не угадано { $blue }. Очки: { $points }. Итого (за вычетом штрафных карт): { $totals }.
ks-next_dreamer = { $player } — следующий Сновидец и начинает следующую ночь.
ks-player_left = { $player } покидает игру.
ks-host_changed = Теперь организатор — { $player }.
ks-final_standing = { $rank }. { $player }: { $score } ({ $points } { $points ->
    [one] очко
    [few] очка
    [many] очков
   *[other] очка
} − { $penalties } { $penalties ->
    [one] штрафная карта
    [few] штрафные карты
    [many] штрафных карт
   *[other] штрафной карты
}){ $left ->
    [yes] , вне игры
   *[no] {""}
}
ks-spare_revealed = Ночь { $round }: отложенная карта — { $role }.
ks-game_over = 🏁 Игра окончена ({ $reason }). { $winners_count ->
    [1] Победитель: { $winners }.
   *[other] Победители: { $winners }.
} Зерно: { $seed }.

ks-dream = Назовите текущий элемент (один раз) или пропустите.
ks-clue = Ваша подсказка: одно слово.
ks-foul_review = Это была недопустимая подсказка? Подтвердите или отклоните.
ks-last_guess = Время вышло: последняя попытка или пропуск.
ks-recap = Вспомните сон: перечислите элементы, которые вы называли.
ks-next_night = Начать следующую ночь.

ks-button-guess = Назвать
ks-button-pass = Пропустить
ks-button-clue = Подсказка
ks-button-report = Сообщить о нарушении
ks-button-confirm = Подтвердить
ks-button-reject = Отклонить
ks-button-recap = 📝 Пересказ
ks-button-start_night = 🌙 Начать ночь
ks-button-leave = Покинуть игру
ks-placeholder-accused = Чья подсказка нарушает правила?

ks-option-language = Язык элементов
ks-option-clue_mode = Подсказки
ks-option-clue_seconds = Секунд на подсказку
ks-option-round_seconds = Секунд на ночь
ks-option-last_guess_seconds = Секунд на последнюю попытку
ks-option-recap_seconds = Секунд на пересказ

ks-error-bad_action = В этой игре такого хода нет.
ks-error-bad_override = Подготовленная раздача или колода неверна.
ks-error-bad_target = Этого игрока назвать нельзя.
ks-error-wrong_phase = В этой фазе это невозможно.
ks-error-empty_clue = В сообщении нет букв или цифр; оно не считается.
ks-error-empty_guess = В ответе нет букв или цифр; он не считается.
ks-error-foul_pending = Другая жалоба ещё рассматривается.
ks-error-no_reviewer = Не осталось никого, кто мог бы рассмотреть жалобу.
ks-error-not_a_player = Вы не участвуете в этой игре.
ks-error-not_clue_giver = Сообщать о нарушениях могут только те, кто даёт подсказки.
ks-error-not_dreamer = Это может только Сновидец.
ks-error-not_in_game = Вы покинули эту игру.
ks-error-not_reviewer = Эту жалобу рассматриваете не вы.
ks-error-not_your_turn = Сейчас не ваш ход.
ks-error-stale_card = Карта сна уже сменилась.
ks-error-dreamer_no_clue = Сновидец не даёт подсказок, а только угадывает.
ks-error-no_clue_yet = К этой карте сна ещё никто другой не дал подсказки, жаловаться не на что.
ks-error-start_night_only = Сейчас можно только начать следующую ночь.
ks-error-host_cannot = Организатор не играет, но может исключить игрока, рассмотреть жалобу по просьбе бота и начать следующую ночь.
ks-error-clue_or_pass = В свой ход дайте подсказку или пропустите ход.
ks-error-guess_or_pass = Сновидец может только назвать элемент карты сна или пропустить карту.
ks-error-confirm_or_reject = Жалобу можно только подтвердить или отклонить.
ks-error-recap_only = Сейчас время пересказа: перечислите элементы, которые вы называли этой ночью.

## Discord (cogs/kdyz_snim/presenter.py)

ks-quoted = «{ $text }»
ks-value-card = карта { $card }
ks-input-text = Ваше слово (или слова)
ks-button-giver_clue = ✏️ Дать подсказку
ks-button-giver_pass = Пропустить ход
ks-button-dreamer_guess = 💭 Назвать
ks-button-dreamer_pass = Пропустить карту
ks-button-last_guess = 💭 Последняя попытка
ks-button-last_pass = Без последней попытки

ks-night-dreamer = 💭 Сон видит { $dreamer }; в игре карта сна { $card }. Сновидец, когда будете готовы, нажмите **Назвать** (одна попытка на карту) или пропустите карту.
ks-night-dreamer_text = 💭 Сон видит { $dreamer }. Сновидец, кнопки **Назвать** и **Пропустить карту** — в сообщении каждой карты сна ниже (одна попытка на карту).
ks-night-voice = 🎙️ Подсказки звучат в голосовом канале, по одному слову, в таком порядке: { $order }.
ks-turn = ✏️ { $player }, ваша подсказка к карте сна { $card }: одно слово или пропуск.
ks-turn-clue = 💬 **{ $player }**: { $clue }
ks-turn-passed = ⏭️ { $player } пропускает ход.
ks-turn-skipped = ⌛ Время игрока { $player } вышло.
ks-turn-refused = ❌ Подсказка игрока { $player } нарушает правила и не показана.
ks-turn-over = ✏️ До подсказки игрока { $player } к этой карте дело не дошло.
ks-turn-none = 🎴 Карта сна { $card }: без подсказок.
ks-turn-closed = 🎴 Карта сна { $card }:
ks-last_guess-prompt = ⏳ В часах не осталось песка: подсказок больше нет. { $dreamer }, последняя попытка для карты сна { $card } или пропуск.
ks-recap-prompt = 💭 { $dreamer }, не открывая глаз, вспомните свой сон: нажмите **Пересказ** и перечислите через запятую элементы, которые вы называли этой ночью.
ks-next_night-prompt = ☀️ Следующий Сновидец — { $player }: нажмите **Начать ночь**, когда все готовы. Организатор тоже может начать её через `/game host`.

ks-review-prompt = ⚖️ { $reporter } сообщает о нарушении в подсказке игрока { $accused } (карта сна { $card }).
ks-review-voice = Подсказки звучали голосом.
ks-review-clues = Подсказки игрока { $accused } к этой карте: { $clues }
ks-review-ask = Подтвердите, если подсказка нарушила правила (больше одного слова, сам элемент, перевод или общий корень): тогда карта станет штрафной для игрока { $accused }. Иначе отклоните жалобу.

ks-dm-role = 🌙 **Ночь { $round }**: вы приходите в сон как **{ $role }**. { $help }
ks-dm-no_card = 🌅 Подсказки закончились: Сновидец вспоминает сон.
ks-dm-tally = 📜 Этой ночью: 🟡 угадано: { $yellow } · 🔵 ошибки и пропуски: { $blue } · 🟥 штрафные: { $penalty }
ks-dm-card-yellow = { $card }. **{ $word }** — 🟡 угадано: «{ $guess }»
ks-dm-card-blue = { $card }. **{ $word }** — 🔵 ошибка: «{ $guess }»
ks-dm-card-passed = { $card }. **{ $word }** — 🔵 пропуск
ks-dm-card-penalty = { $card }. **{ $word }** — 🟥 штрафная карта игрока { $holder }
ks-dm-card-unused = { $card }. **{ $word }** — ⚪ не использована
ks-dm-older = … и ещё { $count } { $count ->
    [one] ранняя карта
    [few] ранние карты
    [many] ранних карт
   *[other] ранней карты
}
ks-dm-over = 🌅 Ночь { $round } закончена: итоги — в ветке игры.
ks-dm-left = Вы вне игры; карт сна больше не будет.
ks-mine-dreamer = 💭 Ночь { $round }: вы — **Сновидец**. { $help }

ks-ack-guess = 💭 Ваш ответ «{ $text }» принят.
ks-ack-pass = ⏭️ Пропуск.
ks-ack-clue = ✏️ Отправлено: «{ $text }».
ks-ack-recap = 📝 Ваш пересказ принят.
ks-ack-report = 🚩 Жалоба на игрока { $accused } отправлена на рассмотрение.
ks-answer-refused = ❌ Ваша подсказка «{ $clue }» нарушает правила ({ $reason }): карта сна стала вашей штрафной картой и сменилась.
ks-typed-notice = { $mode ->
    [voice] ⌨️ Писать можно и прямо в этой ветке: догадки Сновидца (каждая сразу удаляется) и утренний пересказ. Во время пересказа сообщения остальных удаляются. Сообщение, изменённое Сновидцем ночью или кем-то другим во время пересказа, тоже удаляется.
   *[text] ⌨️ Писать можно и прямо в этой ветке: подсказку, когда бот назовёт вас (или слово «{ $pass_word }»), догадки Сновидца (каждая сразу удаляется) и утренний пересказ. Ночью и во время пересказа остальные сообщения удаляются, как и любое сообщение, изменённое в это время (в списке подсказок остаётся исходный текст).
}

ks-summary-roles = 🎭 Роли: { $roles }
ks-summary-yellow = 🟡 Жёлтая стопка, угадано ({ $count }): { $cards }
ks-summary-blue = 🔵 Синяя стопка, ошибки и пропуски ({ $count }): { $cards }
ks-summary-penalty = 🟥 Штрафные карты ({ $count }): { $cards }
ks-summary-unused = ⚪ Не использованы ({ $count }): { $cards }
ks-summary-guess = **{ $word }** («{ $guess }»)
ks-summary-passed = **{ $word }** (пропуск)
ks-summary-held = **{ $word }** ({ $holder })
ks-summary-points = 📊 Очки за эту ночь: { $points }
ks-summary-totals = 🏅 Итого (за вычетом штрафных карт): { $totals }
ks-summary-left = вне игры
ks-summary-penalties = { $count ->
    [one] { $count } штрафная карта
    [few] { $count } штрафные карты
    [many] { $count } штрафных карт
   *[other] { $count } штрафной карты
}

ks-final-title = 🏁 **Игра окончена**: { $reason }.
ks-final-winners = 🏆 { $count ->
    [one] Победитель: { $winners }
    [few] Общая победа: { $winners }
    [many] Общая победа: { $winners }
   *[other] Общая победа: { $winners }
}
ks-final-tie = ⚖️ Равный счёт: выше тот, у кого меньше штрафных карт; при полном равенстве место делится.
ks-final-spares = 🃏 Отложенные карты: { $spares }
ks-final-spare = ночь { $round }: { $role }
ks-final-seed = 🎲 Зерно: { $seed }

ks-status = Ночь { $round } · { $phase } · Сновидец: { $dreamer }
ks-status-card = В игре карта сна { $card }.
ks-status-giver = Подсказку даёт игрок { $player }.
ks-phase-night = сон
ks-phase-last_guess = последняя попытка
ks-phase-recap = пересказ
ks-phase-day = день
ks-phase-over = игра окончена

ks-error-game_over = Игра окончена.
ks-error-stale_prompt = Поздно: этот выбор закрыт, игра ушла вперёд.

# KS-30: финальная сцена последнего утра
ks-final-scene = 🌄 Наступает последнее утро, и духи тают в утреннем свете. Итоговый счёт:
# первое личное сообщение, когда игрок входит в лобби
ks-dm_hello = 👋 Вы в игре. Каждую ночь сюда будут приходить карта вашего духа (Фея, Бука или Песочный человечек) и карты сна, кроме той ночи, когда Сновидец — вы.
