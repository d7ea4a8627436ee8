"""Accomplished projects with a category filter ('All' plus each category present)."""

from collections import Counter

import reflex as rx

from consultancy.content.models import Project

from .state import ALL, category, choose


def project_filter(projects: list[Project]) -> rx.Component:
    counts = Counter(p.category for p in projects)
    names = [ALL, *sorted(counts)]
    shown = rx.match(
        category.value,
        *[(c, str(counts[c])) for c in counts],
        str(len(projects)),
    )
    return rx.el.div(
        rx.el.div(
            *[
                rx.el.button(
                    name,
                    type="button",
                    class_name="filter__button",
                    aria_pressed=rx.cond(category.value == name, "true", "false"),
                    on_click=choose(name),
                )
                for name in names
            ],
            class_name="filter",
            role="group",
            aria_label="Filter projects by category",
        ),
        rx.el.p(
            "Showing ",
            rx.el.strong(shown, id="project-count"),
            " projects",
            class_name="filter__status",
            aria_live="polite",
        ),
        rx.el.ul(
            *[
                rx.el.li(
                    rx.el.span(project.category, class_name=f"tag tag--{project.category.lower()}"),
                    rx.el.h3(project.title, class_name="project__title"),
                    rx.el.p(f"{project.company} · {project.year}", class_name="project__meta"),
                    class_name="project",
                    data_category=project.category,
                    hidden=(category.value != ALL) & (category.value != project.category),
                )
                for project in projects
            ],
            class_name="projects",
        ),
    )
