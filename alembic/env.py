"""Alembic's environment for the enquiry database.

`reflex db makemigrations` and `reflex db migrate` do not run this file: Reflex drives
Alembic itself with the app's engine. It is run by `consultancy.records.database.upgrade`
(the tests, the tools) and by a plain `alembic upgrade head`, and points both at the same
database as the site (DB_URL, or var/enquiries.db) and at the same tables.
"""

from logging.config import fileConfig

from alembic import context
from sqlmodel import SQLModel

from consultancy.records import models  # noqa: F401  (registers the tables)
from consultancy.records.database import engine, secure_sqlite_file
from consultancy.records.settings import database_url, is_sqlite

config = context.config
# Called from code with its own connection: leave the caller's logging alone.
if config.config_file_name is not None and "connection" not in config.attributes:
    fileConfig(config.config_file_name)

target_metadata = SQLModel.metadata

# `reflex db migrate` opens the file with Reflex's own engine, under the caller's umask: the
# database and its -wal/-shm are tightened to the service user here too.
if is_sqlite(database_url()):
    secure_sqlite_file(database_url())


def run_migrations_offline() -> None:
    """`alembic upgrade head --sql`: print the SQL for a database administrator."""
    context.configure(
        url=str(engine().url),
        target_metadata=target_metadata,
        literal_binds=True,
        dialect_opts={"paramstyle": "named"},
        render_as_batch=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    with engine().connect() as own:
        context.configure(connection=own, target_metadata=target_metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
