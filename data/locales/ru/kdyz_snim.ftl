## Když sním (Когда я сплю) — ключи событий "ks.<event>"; см. engines/kdyz_snim и shared/rules/kdyz_snim.md.

ks-name = Когда я сплю (Když sním)
ks-tagline = Один игрок видит сон, остальные шепчут подсказки из одного слова. Феи помогают, Буки путают, Песочные человечки ищут равновесие.
ks-recommended = Рекомендуется: от 6 игроков.

ks-role-dreamer = Сновидец
ks-role-fairy = Фея
ks-role-boogeyman = Бука
ks-role-sandman = Песочный человечек
ks-role-help-dreamer = Вы не видите карт сна. Называйте каждый элемент один раз, когда будете готовы, и запоминайте свои ответы.
ks-role-help-fairy = Помогайте Сновидцу: 1 очко за каждый угаданный элемент.
ks-role-help-boogeyman = Сбивайте Сновидца с толку: 1 очко за каждый неугаданный или пропущенный элемент.
ks-role-help-sandman = Храните равновесие сна: больше всего очков, когда угаданных и неугаданных поровну.

ks-pile-yellow = угадано (жёлтая стопка)
ks-pile-blue = не угадано (синяя стопка)
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
    [one] раунд
    [few] раунда
    [many] раундов
   *[other] раунда
}, элементы: { $language }, { $clue_mode }.
ks-night_started = 🌙 Ночь { $round }: Сновидец — { $dreamer }. Порядок подсказок: { $clue_order }. Карты в игре: Фея × { $fairies }, Бука × { $boogeymen }, Песочный человечек × { $sandmen }. Песочные часы: { $seconds } с.
ks-your_role = Ночь { $round }: ваша роль — **{ $role }**.
ks-element = { $aliases_count ->
    [0] Карта сна { $card }: **{ $word }**
   *[other] Карта сна { $card }: **{ $word }** (также: { $aliases })
}
ks-clue_turn = ✏️ { $player }, ваша подсказка ({ $seconds } с).
ks-clue_given = { $player } дал(а) подсказку.
ks-clue_passed = { $player } пропускает.
ks-clue_skipped = { $player } не успел(а) и пропускает ход.
ks-clue_refused = ❌ Подсказка { $player } «{ $clue }» к **{ $word }** — нарушение: { $reason }.
ks-card_changed = 🔄 Карта сна сменилась: { $offender } получает штрафную карту.
ks-next_card = ➡️ Следующая карта сна.
ks-guess_judged = { $passed ->
    [yes] Карта сна { $card }: Сновидец пропустил **{ $word }** ({ $pile }).
   *[no] Карта сна { $card }: Сновидец назвал «{ $guess }» для **{ $word }**: { $pile }.
}
ks-foul_reported = ⚠️ { $reporter } сообщает о нарушении: подсказка { $accused }.
ks-foul_rejected = Жалоба на { $accused } отклонена.
ks-foul_lapsed = Жалоба на { $accused } снята: этой карты сна уже нет.
ks-foul_confirmed = Нарушение { $offender } подтверждено: **{ $word }** становится штрафной картой.
ks-time_up = ⏰ Время вышло! Подсказок больше нет. { $dreamer }, у вас последняя попытка ({ $seconds } с).
ks-card_unused = Последняя карта сна, **{ $word }**, остаётся неиспользованной.
ks-night_over = { $guessed ->
    [yes] 🌅 Ночь закончилась.
   *[no] 🌅 Ночь закончилась; последняя карта сна осталась неиспользованной.
}
ks-recap_open = 💭 { $dreamer }, вспомните свой сон: перечислите в одном сообщении элементы, которые вы называли ({ $seconds } с).
ks-recap_missed = Пересказа не было: бонуса нет.
ks-day_started = ☀️ День { $round }: { $dreamer } просыпается.
ks-roles_revealed = Роли: { $roles }.
ks-card_revealed = { $result ->
    [yellow] { $card }. **{ $word }** — угадано («{ $guess }»)
    [blue] { $passed ->
        [yes] { $card }. **{ $word }** — пропущено
       *[no] { $card }. **{ $word }** — не угадано («{ $guess }»)
    }
    [penalty] { $card }. **{ $word }** — штрафная карта у { $holder }
   *[other] { $card }. **{ $word }** — не использована
}
ks-recap_revealed = { $given ->
    [yes] { $bonus ->
        [yes] Пересказ: «{ $recap }» — все угаданные элементы вспомнены: Сновидцу +2!
       *[no] Пересказ: «{ $recap }» — без бонуса.
    }
   *[no] Пересказа нет, бонуса нет.
}
ks-round_scores = Ночь { $round }: угадано { $yellow }, не угадано { $blue }. Очки: { $points }. Итого (за вычетом штрафов): { $totals }.
ks-next_dreamer = { $player } — следующий Сновидец и начинает следующую ночь.
ks-player_left = { $player } покидает игру.
ks-host_changed = Теперь ведущий — { $player }.
ks-final_standing = { $rank }. { $player }: { $score } ({ $points } { $points ->
    [one] очко
    [few] очка
    [many] очков
   *[other] очка
} − { $penalties } { $penalties ->
    [one] штраф
    [few] штрафа
    [many] штрафов
   *[other] штрафа
}){ $left ->
    [yes] , покинул(а) игру
   *[no] {""}
}
ks-spare_revealed = Ночь { $round }: отложенная карта — { $role }.
ks-game_over = 🏁 Игра окончена ({ $reason }). { $winners_count ->
    [1] Победитель: { $winners }.
   *[other] Победители: { $winners }.
} Сид: { $seed }.

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
ks-button-recap = Пересказ
ks-button-start_night = Начать ночь
ks-button-leave = Покинуть игру
ks-placeholder-accused = Кто дал недопустимую подсказку?

ks-option-language = Язык элементов
ks-option-clue_mode = Подсказки
ks-option-clue_seconds = Секунд на подсказку
ks-option-round_seconds = Секунд на ночь
ks-option-last_guess_seconds = Секунд на последнюю попытку
ks-option-recap_seconds = Секунд на пересказ

ks-error-bad_action = Сейчас это невозможно.
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
