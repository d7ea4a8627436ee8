import reflex as rx


class MapState(rx.State):
    """The office map loads only when asked: no request to the map host before."""

    loaded: bool = False

    @rx.event
    def load(self) -> None:
        self.loaded = True
