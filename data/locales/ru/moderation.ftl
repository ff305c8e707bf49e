## What the bot says when the server changes under a running game (bot/moderation.py).

moderation-thread_deleted = ⛔ Ветку игры удалили на сервере, поэтому игра окончена. Запись о ней сохранена (`/game history`); новую игру можно начать командой `/game start`.
moderation-channel_deleted = ⛔ Канал игры удалили на сервере, поэтому игра окончена. Запись о ней сохранена (`/game history`); новую игру можно начать командой `/game start`.
moderation-ended_lobby = ⛔ Окончена: ветку игры удалили.
moderation-missing = ⚠️ Мне не хватает права в { $channel }: **{ $permissions }**. Игра ждёт (ничего не потеряно) и продолжится сама, как только модератор вернёт это право.
moderation-thread_closed = ⚠️ Ветку игры { $channel } архивировали и закрыли, а открыть её снова я не могу (для этого нужно право **Управлять ветками**). Игра ждёт (ничего не потеряно) и продолжится сама, как только модератор откроет ветку.
moderation-back = ✅ Я снова могу писать в { $channel }: игра продолжается.
moderation-left_server = 🚪 { $player } — больше не на этом сервере; по правилам это выход из игры.
moderation-perm-view_channel = Просматривать канал
moderation-perm-send_messages = Отправлять сообщения
moderation-perm-send_messages_in_threads = Отправлять сообщения в ветках
moderation-perm-attach_files = Прикреплять файлы
moderation-perm-embed_links = Встраивать ссылки
moderation-perm-manage_roles = Управлять ролями
moderation-perm-manage_threads = Управлять ветками
moderation-no_roles = ⚠️ У меня нет права управлять ролями на этом сервере (**Управлять ролями**), поэтому выбывшие игроки всё ещё могут писать в { $channel }. Игра продолжается; дайте мне это право, и следующий выбывший уже не сможет писать.
