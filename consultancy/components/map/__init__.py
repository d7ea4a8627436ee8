"""A static map preview that becomes a live map on request; 'Open in Maps' always works."""

from urllib.parse import quote_plus

import reflex as rx

from consultancy.components.icons import icon
from consultancy.components.ui import icon_link, picture
from consultancy.content import content

from . import state as office


def office_map(preview: str) -> rx.Component:
    site = content().site
    embed = f"https://www.google.com/maps?q={quote_plus(site.address.one_line)}&output=embed"
    return rx.el.div(
        rx.cond(
            office.loaded.value,
            rx.el.iframe(
                src=embed,
                title=f"Map of the {site.short_name} office",
                loading="lazy",
                referrer_policy="no-referrer-when-downgrade",
                class_name="map__frame",
            ),
            rx.el.div(
                picture(
                    preview,
                    f"Map preview of {site.address.locality}, {site.address.city}",
                    800,
                    450,
                    class_name="map__preview",
                    # The section's width: the container less its padding and the frame's border.
                    sizes="(max-width: 1199px) calc(100vw - 42px), 1158px",
                ),
                rx.el.button(
                    icon("map", size=18),
                    rx.el.span("Show interactive map"),
                    type="button",
                    class_name="button button--primary map__load",
                    on_click=office.load,
                ),
                class_name="map__poster",
            ),
        ),
        icon_link(
            "map-pin", "Open in Maps", site.map_url, class_name="button button--secondary map__open", new_tab=True
        ),
        class_name="map",
    )
