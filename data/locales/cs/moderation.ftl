## What the bot says when the server changes under a running game (bot/moderation.py).

moderation-thread_deleted = ⛔ Vlákno hry bylo na serveru smazáno, a tak hra skončila. Záznam o ní zůstává (`/game history`); novou hru založíte příkazem `/game start`.
moderation-channel_deleted = ⛔ Kanál hry byl na serveru smazán, a tak hra skončila. Záznam o ní zůstává (`/game history`); novou hru založíte příkazem `/game start`.
moderation-ended_lobby = ⛔ Skončila: vlákno hry bylo smazáno.
moderation-missing = ⚠️ V { $channel } mi chybí oprávnění **{ $permissions }**. Hra čeká (nic se neztratí) a bude sama pokračovat, jakmile ho moderátor vrátí.
moderation-thread_closed = ⚠️ Vlákno hry { $channel } bylo archivováno a zamčeno a já ho nesmím znovu otevřít (k tomu je třeba oprávnění **Spravovat vlákna**). Hra čeká (nic se neztratí) a bude sama pokračovat, jakmile moderátor vlákno otevře.
moderation-back = ✅ Do { $channel } už zase mohu psát: hra pokračuje.
moderation-left_server = 🚪 { $player } už na tomto serveru není; podle pravidel to znamená odchod ze hry.
moderation-perm-view_channel = Zobrazit kanál
moderation-perm-send_messages = Odesílat zprávy
moderation-perm-send_messages_in_threads = Odesílat zprávy ve vláknech
moderation-perm-attach_files = Připojovat soubory
moderation-perm-embed_links = Vkládat odkazy
moderation-perm-manage_roles = Spravovat role
moderation-perm-manage_threads = Spravovat vlákna
moderation-no_roles = ⚠️ Na tomto serveru nesmím spravovat role (**Spravovat role**), takže vyřazení hráči mohou dál psát do { $channel }. Hra pokračuje; dejte mi toto oprávnění a další vyřazený hráč už psát nebude.
