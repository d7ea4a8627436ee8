import reflex as rx


class IsoState(rx.State):
    """The 'ISO Certifications' dialog opened from the badge in the top bar."""

    open: bool = False

    @rx.event
    def show(self) -> None:
        self.open = True

    @rx.event
    def hide(self) -> None:
        self.open = False
