import reflex as rx
from reflex.plugins.sitemap import SitemapPlugin

from consultancy.bundle import SlimBundle
from consultancy.enquiries.settings import database_url
from consultancy.lazy_socket import LazySocket
from consultancy.paint import DocumentLinks, PaintFirst
from consultancy.search_index import SearchIndex

config = rx.Config(
    app_name="consultancy",
    # The site writes its own sitemap from the Route table (canonical routes only,
    # no redirect paths, no /rough); Reflex's plugin would list every page.
    disable_plugins=[SitemapPlugin],
    # Issue 18: no Emotion or unused websocket transports in the bundle (consultancy/bundle.py),
    # pages that paint before the framework's scripts are fetched, and links that load the
    # next page's prerendered HTML (consultancy/paint.py). Issue 15: the websocket opens on
    # the first event for the backend, not on every page load (consultancy/lazy_socket.py).
    # The header search's index is a script fetched on the search's first focus
    # (consultancy/search_index.py).
    plugins=[SlimBundle(), LazySocket(), SearchIndex(), PaintFirst(), DocumentLinks()],
    show_built_with_reflex=False,
    # Brotli sidecars first (about 15% smaller scripts than gzip), gzip for clients without it.
    # The production server should send the .br files too (nginx: brotli_static on).
    frontend_compression_formats=["brotli", "gzip"],
    telemetry_enabled=False,
    # The enquiry database: DB_URL (PostgreSQL in production) or var/enquiries.db.
    # `reflex db migrate` brings it to the newest migration in alembic/versions.
    db_url=database_url(),
)
