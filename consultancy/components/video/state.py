"""Which videos the visitor has asked to play (no frame exists before that): shown and
hidden in the browser alone, so a video plays with or without the backend."""

from consultancy.framework.client_state import Shared, js

playing = Shared("videos_playing", [])


def play(index: int):
    added = js("({0}.includes(" + str(index) + ") ? {0} : [...{0}, " + str(index) + "])", playing.now, type_=list[int])
    return playing.set(added)
