from consultancy.framework import toolchain
from consultancy.framework.versions import require_written_for

# Before Reflex is imported: plain `reflex run` and `reflex export` find the project's Node
# and registry, and stop at once on framework versions the adaptations were not written for.
toolchain.prepare()
require_written_for()

from consultancy.framework import fork_safety  # noqa: E402

# A backend worker forked while another thread loads this file must not inherit its lock.
fork_safety.guard()

import reflex as rx  # noqa: E402
from reflex.plugins.sitemap import SitemapPlugin  # noqa: E402

from consultancy.build import activity_words_module, place_pins_file, prepare_static_host, search_index_module  # noqa: E402
from consultancy.framework.plugins import plugins  # noqa: E402
from consultancy.records.settings import database_url  # noqa: E402

config = rx.Config(
    app_name="consultancy",
    # The site writes its own sitemap from the Route table (canonical routes only,
    # no redirect paths, no /rough); Reflex's plugin would list every page.
    disable_plugins=[SitemapPlugin],
    # The site's build plugins, one list for every way of building (consultancy/framework),
    # with what the site adds to a build (consultancy/build.py).
    plugins=plugins(
        modules=[search_index_module, activity_words_module, place_pins_file], finish_export=prepare_static_host
    ),
    show_built_with_reflex=False,
    # Brotli sidecars first (about 15% smaller scripts than gzip), gzip for clients without it.
    # The production server should send the .br files too (nginx: brotli_static on).
    frontend_compression_formats=["brotli", "gzip"],
    telemetry_enabled=False,
    # The enquiry database: DB_URL (PostgreSQL in production) or var/enquiries.db.
    # `reflex db migrate` brings it to the newest migration in alembic/versions.
    db_url=database_url(),
)
