"""Which videos the visitor has asked to play (no frame exists before that): shown and
hidden in the browser alone, so a video plays with or without the backend."""

from consultancy.framework.client_state import Shared

playing = Shared("videos_playing", [])


def play(index: int):
    return playing.add_member(index)
