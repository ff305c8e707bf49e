## Компьютерные игроки (bot/computers.py, панель «Компьютеры» в лобби, /game history).

computers-name = 🤖 Бот { $number } · { $level }
computers-level-easy = лёгкий
computers-level-normal = обычный
computers-level-hard = сильный
computers-about-easy = Играет по простым правилам: быстро и разумно, обыграть его нетрудно.
computers-about-normal = Просчитывает несколько ходов вперёд, учитывая то, чего не видит.
computers-about-hard = Думает дольше и глубже: серьёзный соперник.
computers-button = 🤖 Компьютеры
computers-panel = Посадите компьютерного игрока на свободное место или уберите его. Компьютеру видно только то, что было бы видно человеку на его месте, и ходит он в человеческом темпе. Чтобы посмотреть игру одних компьютеров, нажмите «Выйти», освободив своё место, и заполните стол компьютерами.
computers-add = Добавить компьютер уровня…
computers-remove = Убрать компьютер…
computers-added = { $player } садится за стол.
computers-removed = { $player } покидает стол.
computers-full = Все места заняты.
computers-gone = Этого компьютера за столом уже нет.
computers-not_here = В эту игру компьютеры не играют.
computers-history = с компьютерами: { $players } (в статистике не учитывается)
