"""The records underneath the back office: the tables (models.py), the database they are kept
in (database.py), the settings read from the environment (settings.py), the site's secret keys
(keys.py) and the keyed hash of a visitor's address (addresses.py), the errors every floor
raises (errors.py), backups (backups.py) and the ledger of erasures (ledger.py).

The floor every other back-office package stands on: it imports none of them. Kept free of
imports so that rxconfig.py and alembic/env.py can read `settings.database_url()` and the
models cheaply. Migrations (alembic/) are written against models.py.
"""
