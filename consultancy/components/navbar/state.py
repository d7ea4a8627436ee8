"""Open/closed state of the mobile menu and the Services mega dropdown.

Showing and hiding lives in the browser alone: nothing here is worth a round trip."""

from consultancy.framework.assets import shared_asset
from consultancy.framework.client_state import Shared, call, imported

_MENU = shared_asset("menu.js", __name__).importable_path

# A tap on a touch screen fires a synthetic mouseenter right before its click;
# a click this soon after a hover-open keeps the menu open instead of toggling
# it shut again.
HOVER_CLICK_GRACE_MS = 500

menu_open = Shared("nav_menu_open", False)
services_open = Shared("nav_services_open", False)
hover_opened_at = Shared("nav_services_hover_at", 0)

toggle_menu = [menu_open.toggle(), services_open.set(False)]
close_services = [services_open.set(False), hover_opened_at.set(0)]
close_all = [*close_services, menu_open.set(False)]
open_services = [services_open.set(True), hover_opened_at.set(0)]
hover_services = [
    hover_opened_at.set(call(imported(_MENU, "hoverOpenedAt"), services_open.now, hover_opened_at.now, type_=int)),
    services_open.set(True),
]
toggle_services = [
    services_open.set(
        call(
            imported(_MENU, "openAfterClick"),
            services_open.now,
            hover_opened_at.now,
            HOVER_CLICK_GRACE_MS,
            type_=bool,
        )
    ),
    hover_opened_at.set(0),
]
