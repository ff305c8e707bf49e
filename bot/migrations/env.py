"""Alembic environment: migrations run on the connection the bot hands over (see bot.db.Database.migrate)."""

from alembic import context

from bot.db import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
