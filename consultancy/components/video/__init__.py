"""Click-to-load videos: a thumbnail and play button until the visitor asks, so
the page makes no request to the video host before that."""

import reflex as rx

from consultancy.components.icons import icon
from consultancy.components.ui import link, picture
from consultancy.content.models import Video
from consultancy.framework.client_state import handled_link

from . import state as videos


def video_card(index: int, video: Video) -> rx.Component:
    embed = f"https://www.youtube-nocookie.com/embed/{video.youtube_id}?autoplay=1&rel=0"
    return rx.el.article(
        rx.el.div(
            rx.cond(
                videos.playing.value.contains(index),
                rx.el.iframe(
                    src=embed,
                    title=video.title,
                    allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture",
                    custom_attrs={"allowFullScreen": True},
                    loading="lazy",
                    class_name="video__frame",
                ),
                # A real link to the video, so it also works without JavaScript.
                link(
                    picture(video.thumbnail, "", 640, 360, class_name="video__thumb"),
                    rx.el.span(icon("play", size=30), class_name="video__play"),
                    href=f"https://www.youtube.com/watch?v={video.youtube_id}",
                    class_name="video__poster",
                    aria_label=f"Play video: {video.title}",
                    **handled_link(videos.play(index)),
                ),
            ),
            class_name="video__media",
        ),
        rx.el.h3(video.title, class_name="card__title"),
        class_name="video",
    )
