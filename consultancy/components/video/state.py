import reflex as rx


class VideoState(rx.State):
    """Which videos the visitor has asked to play; no frame exists before that."""

    playing: list[int] = []

    @rx.event
    def play(self, index: int) -> None:
        if index not in self.playing:
            self.playing = [*self.playing, index]
