import reflex as rx

config = rx.Config(
    app_name="consultancy",
    # The site ships its own sitemap built from data/ (canonical routes only,
    # no redirect paths, no /rough); Reflex's plugin would list every page.
    disable_plugins=["reflex.plugins.sitemap.SitemapPlugin"],
    show_built_with_reflex=False,
    telemetry_enabled=False,
)
