## What the bot says when the server changes under a running game (bot/moderation.py).

moderation-thread_deleted = ⛔ The game's thread was deleted on the server, so this game has ended. Its record is kept (`/game history`); start a new one with `/game start`.
moderation-channel_deleted = ⛔ The game's channel was deleted on the server, so this game has ended. Its record is kept (`/game history`); start a new one with `/game start`.
moderation-ended_lobby = ⛔ Ended: the game's thread was deleted.
moderation-missing = ⚠️ I am missing a permission in { $channel }: **{ $permissions }**. The game waits (nothing is lost) and goes on by itself as soon as a moderator gives it back.
moderation-thread_closed = ⚠️ The game's thread { $channel } was archived and locked, and I may not reopen it (that needs **Manage Threads**). The game waits (nothing is lost) and goes on by itself as soon as a moderator reopens the thread.
moderation-back = ✅ I can post in { $channel } again: the game goes on.
moderation-left_server = 🚪 { $player } is no longer on this server and counts as having left the game.
moderation-perm-view_channel = View Channel
moderation-perm-send_messages = Send Messages
moderation-perm-send_messages_in_threads = Send Messages in Threads
moderation-perm-attach_files = Attach Files
moderation-perm-embed_links = Embed Links
moderation-perm-manage_roles = Manage Roles
moderation-perm-manage_threads = Manage Threads
moderation-no_roles = ⚠️ I may not manage roles on this server (**Manage Roles**), so players who are out can still write in { $channel }. The game goes on; give me Manage Roles and the next player out is silenced.
