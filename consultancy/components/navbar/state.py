"""Open/closed state of the mobile menu and the Services mega dropdown."""

import time

import reflex as rx

# A tap on a touch screen fires a synthetic mouseenter right before its click;
# a click this soon after a hover-open keeps the menu open instead of toggling
# it shut again.
HOVER_CLICK_GRACE_S = 0.5


class NavState(rx.State):
    menu_open: bool = False
    services_open: bool = False
    _hover_opened_at: float | None = None

    @rx.event
    def toggle_menu(self) -> None:
        self.menu_open = not self.menu_open
        if not self.menu_open:
            self.services_open = False

    @rx.event
    def toggle_services(self) -> None:
        opened_by_hover, self._hover_opened_at = self._hover_opened_at, None
        if self.services_open and opened_by_hover and time.monotonic() - opened_by_hover < HOVER_CLICK_GRACE_S:
            return
        self.services_open = not self.services_open

    @rx.event
    def hover_services(self) -> None:
        if not self.services_open:
            self.services_open = True
            self._hover_opened_at = time.monotonic()

    @rx.event
    def close_services(self) -> None:
        self.services_open = False
        self._hover_opened_at = None

    @rx.event
    def close_all(self) -> None:
        self.services_open = False
        self.menu_open = False
