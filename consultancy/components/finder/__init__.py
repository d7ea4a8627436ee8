"""The approvals finder's questionnaire and live result list."""

from collections.abc import Callable

import reflex as rx

from consultancy.components.icons import brand_icon, icon
from consultancy.components.renewal_calendar import RENEWALS_JS
from consultancy.components.ui import link, print_button
from consultancy.content import content
from consultancy.content.finder import DONT_KNOW, STAGES, Approval, FinderPage, Outside, Question, Rule
from consultancy.framework.client_state import call, imported
from consultancy.framework.islands import div_island
from consultancy.law.calendar import finder_calendar_ids

from . import state as finder_state
from .picker import activity_picker
from .place import place_step
from .place.zones import PLACE_STEP


def _question_class(question: Question) -> rx.Var:
    # A class, not `hidden`: on a <fieldset> Reflex would turn `hidden` into inline CSS.
    # Carried over, or not relevant to this project yet: not shown.
    hide = finder_state.hidden_question(question.id)
    return rx.cond(hide, "question is-carried-over", "question")


def _label(question: Question, control_id: str) -> rx.Component:
    return rx.el.label(question.label, html_for=control_id, class_name="question__label")


def _help(question: Question) -> list[rx.Component]:
    return [rx.el.p(question.help, class_name="question__help", id=f"q-{question.id}-help")] if question.help else []


def _with_unsure(question: Question, options: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return [*options, (DONT_KNOW, "Don't know")] if question.dont_know else options


def _radios(question: Question, options: list[tuple[str, str]]) -> rx.Component:
    return rx.el.fieldset(
        rx.el.legend(question.label, class_name="question__label"),
        *_help(question),
        rx.el.div(
            *[
                rx.el.label(
                    rx.el.input(
                        type="radio",
                        name=question.id,
                        value=value,
                        # Controlled: answers read from the address on load show as chosen.
                        checked=finder_state.answer_of(question.id) == value,
                        on_change=finder_state.answer(question.id, value),
                    ),
                    rx.el.span(label),
                    class_name="choice",
                )
                for value, label in _with_unsure(question, options)
            ],
            class_name="choices",
        ),
        class_name=_question_class(question),
    )


def _unsure_button(question: Question) -> list[rx.Component]:
    """ "Don't know" beside a number: the rules read it as blank, and the result then names
    what it could not decide."""
    if not question.dont_know:
        return []
    return [
        rx.el.button(
            "Don't know",
            type="button",
            class_name="question__unsure",
            aria_pressed=rx.cond(finder_state.unsure(question.id), "true", "false"),
            on_click=finder_state.set_dont_know(question.id),
        )
    ]


def question_field(question: Question) -> rx.Component:
    control_id = f"q-{question.id}"
    if question.search:
        return activity_picker(content().finder, question)
    if question.kind == "yes_no":
        return _radios(question, [("yes", "Yes"), ("no", "No")])
    # Up to six options show as radio buttons: a closed list cuts long options off ("Within 56 km
    # of another airport, or n…") and costs a second tap.
    if question.kind == "choice" and len(question.options) <= 6:
        return _radios(question, [(o.value, o.label) for o in question.options])
    if question.kind == "choice":
        return rx.el.div(
            _label(question, control_id),
            *_help(question),
            rx.el.select(
                rx.el.option("Choose…", value=""),
                *[
                    rx.el.option(label, value=value)
                    for value, label in _with_unsure(question, [(o.value, o.label) for o in question.options])
                ],
                id=control_id,
                value=finder_state.answer_of(question.id),
                on_change=finder_state.answer(question.id),
                class_name="question__input",
            ),
            class_name=_question_class(question),
        )
    return rx.el.div(
        _label(question, control_id),
        *_help(question),
        rx.el.div(
            rx.el.input(
                id=control_id,
                type="number",
                min="0",
                step="any",
                input_mode="decimal",
                class_name="question__input",
                value=finder_state.number_shown(question.id),
                on_change=finder_state.answer(question.id),
            ),
            rx.el.span(question.unit, class_name="question__unit"),
            *_unsure_button(question),
            class_name="question__number",
        ),
        class_name=_question_class(question),
    )


def _group(label: str, members: list[Question]) -> rx.Component:
    """Yes/no questions of one setting as one question with a box each: a ticked box is
    "yes", and once any box (or "None of these") is ticked the others shown are "no"."""
    ids = [q.id for q in members]
    boxes = [
        rx.el.label(
            rx.el.input(
                type="checkbox",
                checked=finder_state.answer_of(q.id) == "yes",
                on_change=finder_state.tick(ids, q.id),
            ),
            rx.el.span(q.box),
            class_name=rx.cond(finder_state.hidden_question(q.id), "choice is-carried-over", "choice"),
        )
        for q in members
    ]
    none = rx.el.label(
        rx.el.input(type="checkbox", checked=finder_state.none_ticked(ids), on_change=finder_state.tick(ids, "")),
        rx.el.span("None of these"),
        class_name="choice",
    )
    return rx.el.fieldset(
        rx.el.legend(label, class_name="question__label"),
        rx.el.div(*boxes, none, class_name="choices"),
        class_name=rx.cond(finder_state.group_hidden(ids), "question is-carried-over", "question"),
        data_group="facilities",
    )


def _fields(page: FinderPage) -> list[rx.Component]:
    """Every question the visitor may be asked (not the derived ones), a group of boxes once."""
    fields: list[rx.Component] = []
    done: set[str] = set()
    for question in page.questions:
        # The airport question is asked inside the place step (`_field`).
        if question.derived or question.group in done or question.id == PLACE_STEP[1]:
            continue
        if question.group:
            done.add(question.group)
            fields.append(_group(question.group, [q for q in page.questions if q.group == question.group]))
        else:
            fields.append(_field(page, question))
    return fields


def _calendar_href(page: FinderPage) -> rx.Var:
    """/renewal-calendar?add=... with the validity ids of the approvals that apply, worked
    out in the browser as the answers change (renewal_calendar/renewals.js)."""
    # The approvals whose records name each result, not every approval of its service page.
    ids = finder_calendar_ids(content().law, [a.id for a in page.approvals])
    return call(imported(RENEWALS_JS, "calendarHref"), finder_state.reasons, ids, type_=str)


def _result(n: int, approval: Approval, heading: Callable[..., rx.Component] = rx.el.h4) -> rx.Component:
    """One result; `heading` is the level under its section's (h4 under a stage's h3)."""
    return rx.el.li(
        heading(link(finder_state.title_of(n), href=f"/{approval.route}"), class_name="result__title"),
        rx.el.p(rx.el.strong("Why: "), finder_state.reasons_of(n), class_name="result__why"),
        rx.el.p(rx.el.strong("Authority: "), approval.authority),
        rx.el.p(rx.el.strong("Law: "), approval.act),
        class_name="result",
        data_approval=approval.id,
        hidden=~finder_state.applies(n),
    )


def _stages(page: FinderPage) -> rx.Component:
    """The approvals that apply, stage by stage in the order of work (STAGES); a stage with
    none that applies is hidden, and the visible ones are numbered by the style sheet."""
    groups = []
    for stage, heading in STAGES.items():
        members = [n for n in finder_state.GOVERNMENT if page.approvals[n].stage == stage]
        if not members:
            continue
        groups.append(
            rx.el.section(
                rx.el.h3(heading, class_name="finder__stage-title"),
                rx.el.ol(*[_result(n, page.approvals[n]) for n in members], class_name="results"),
                class_name="finder__stage",
                data_stage=stage,
                hidden=~finder_state.any_applies(members),
            )
        )
    return rx.el.div(*groups, class_name="finder__stages", id="finder-results")


def _counted_panel(
    name: str,
    title: str,
    count: rx.Var,
    note: str,
    items: list[rx.Component],
    hidden: rx.Var,
    *,
    tag: Callable[..., rx.Component] = rx.el.div,
    title_icon: str = "",
    class_name: str = "",
) -> rx.Component:
    """A part of the result under a heading that counts its items ("Could not decide yet (3)"),
    a note on what they are, and the items; ids finder-<name>-panel, -count and finder-<name>
    (the list)."""
    counted = [title + " (", rx.el.span(count.to_string(), id=f"finder-{name}-count"), ")"]
    heading = [icon(title_icon, size=20), rx.el.span(*counted)] if title_icon else counted
    return tag(
        rx.el.h2(*heading, class_name="section__title" + (" finder__outside-title" if title_icon else "")),
        rx.el.p(note, class_name="finder__empty"),
        rx.el.ol(*items, class_name="results", id=f"finder-{name}"),
        hidden=hidden,
        id=f"finder-{name}-panel",
        **({"class_name": class_name} if class_name else {}),
    )


def _studies(page: FinderPage) -> rx.Component:
    """The firm's own studies and designs the project needs, apart from the approvals."""
    return _counted_panel(
        "studies",
        "Our studies for your project",
        finder_state.studies_count,
        "Work we do ourselves before or alongside the applications: not approvals, but the studies and "
        "drawings the approvals are decided on.",
        [_result(n, page.approvals[n], rx.el.h3) for n in finder_state.STUDIES],
        finder_state.studies_count == 0,
    )


def _checklist(page: FinderPage) -> rx.Component:
    """One document checklist for the whole project: every document of every approval and
    study that applies, each once, in the order of work."""
    # Shown on request (it runs to 40 documents), and always on paper (site.css, @media print).
    return rx.el.details(
        rx.el.summary(
            "Documents to gather for the whole project (",
            rx.el.span(finder_state.documents_count.to_string(), id="finder-checklist-count"),
            ")",
            class_name="finder__checklist-summary",
        ),
        rx.el.ul(
            *[
                rx.el.li(
                    rx.el.span("", class_name="finder__box", aria_hidden="true"),
                    rx.el.strong(name),
                    rx.el.span(f" {description}"),
                    class_name="finder__document",
                    hidden=~finder_state.any_applies(users),
                )
                for name, description, users in finder_state.checklist(page)
            ],
            class_name="finder__documents",
            id="finder-checklist-items",
        ),
        rx.el.div(
            rx.el.button(
                icon("printer", size=18),
                rx.el.span("Print the checklist"),
                type="button",
                class_name="button button--secondary",
                id="finder-print-checklist",
                on_click=finder_state.print_checklist,
            ),
            class_name="actions no-print",
        ),
        hidden=finder_state.documents_count == 0,
        id="finder-checklist",
        class_name="finder__checklist",
    )


def _print_header() -> rx.Component:
    """Only on paper: who the list is from, when, and the answers it was made from."""
    site = content().site
    return rx.el.div(
        rx.el.p(rx.el.strong(site.name), f" · {site.phone}", class_name="print-header__firm"),
        rx.el.p(
            "Approvals finder, ", rx.cond(finder_state.mounted.value, finder_state.today, ""), id="finder-print-date"
        ),
        rx.el.p(rx.el.strong("Your answers")),
        rx.el.ul(rx.foreach(finder_state.answer_lines, lambda line: rx.el.li(line)), id="finder-print-answers"),
        class_name="print-header print-only",
        id="finder-print-header",
    )


def _outside(n: int, item: Outside) -> rx.Component:
    """An approval the firm does not handle: marked in words on each item, not by colour alone."""
    return rx.el.li(
        rx.el.p("Not a service of ours", class_name="result__tag"),
        rx.el.h3(finder_state.title_of(n), class_name="result__title"),
        rx.el.p(rx.el.strong("Why: "), finder_state.reasons_of(n), class_name="result__why"),
        rx.el.p(rx.el.strong("Authority: "), item.authority),
        rx.el.p(rx.el.strong("Law: "), item.act),
        class_name="result result--outside",
        data_outside=item.id,
        hidden=~finder_state.applies(n),
    )


def _call_us(n: int, page: FinderPage) -> list[rx.Component]:
    """The call and WhatsApp buttons beside a note that says we confirm the category on a call
    (`confirm_call`): the way on from there, not a dead end."""
    note = page.confirm_call
    if not note or not any(t.undecided and t.reason.endswith(note) for t in page.rules[n].triggers):
        return []
    site = content().site
    return [
        rx.el.div(
            link(
                icon("phone", size=18),
                rx.el.span("Call us"),
                href=site.tel_href,
                aria_label=f"Call us on {site.phone}",
                class_name="button button--accent",
            ),
            link(
                brand_icon("whatsapp", size=18),
                rx.el.span("WhatsApp"),
                href=site.chat_href,
                target="_blank",
                rel="noopener noreferrer",
                aria_label="Write to us on WhatsApp (opens in a new tab)",
                class_name="button button--secondary",
            ),
            class_name="actions result__call no-print",
            data_call="",
            hidden=~finder_state.undecided_of(n).contains(note),
        )
    ]


def _undecided(n: int, rule: Rule, page: FinderPage) -> rx.Component:
    route = getattr(rule, "route", None)
    title = link(finder_state.title_of(n), href=f"/{route}") if route else finder_state.title_of(n)
    return rx.el.li(
        rx.el.h3(title, class_name="result__title"),
        rx.el.p(finder_state.undecided_of(n), class_name="result__why"),
        *_call_us(n, page),
        class_name="result",
        data_undecided=rule.id,
        hidden=~finder_state.is_undecided(n),
    )


def _other(n: int, approval: Approval) -> rx.Component:
    return rx.el.li(
        link(approval.title, href=f"/{approval.route}"),
        data_approval=approval.id,
        hidden=finder_state.applies(n) | finder_state.is_undecided(n),
    )


def _progress() -> rx.Component:
    """How far along the visitor is: questions answered of those this project is asked so far."""
    return rx.el.p(
        rx.el.label(finder_state.progress_text, html_for="finder-progress"),
        " ",
        rx.el.progress(id="finder-progress", value=finder_state.done_count, max=finder_state.asked_count),
        # Its line is kept (invisible) until the page is interactive: appearing then, it would
        # push the questions down.
        class_name=rx.cond(finder_state.mounted.value, "finder__progress", "finder__progress is-waiting"),
        id="finder-progress-text",
    )


def _field(page: FinderPage, question: Question) -> rx.Component:
    """A question's control; the place step stands for the district and airport questions."""
    if question.id != PLACE_STEP[0]:
        return question_field(question)
    airport = next(q for q in page.questions if q.id == PLACE_STEP[1])
    return place_step(question, airport, question_field)


def _actions(page: FinderPage) -> rx.Component:
    """What to do with the list, right under the approvals that apply."""
    return rx.el.div(
        # The contact form opens with the services chosen and the project in the message.
        link(
            rx.el.span("Request Consultation"),
            icon("arrow-right", size=18),
            href=finder_state.enquiry_href,
            class_name="button button--accent",
            id="finder-request",
        ),
        # The renewal calendar opens with the approvals that apply already ticked.
        link(
            "Add these to my calendar",
            href=_calendar_href(page),
            class_name="button button--secondary",
            id="finder-calendar",
        ),
        print_button("Print this list"),
        class_name="actions finder__actions no-print",
        id="finder-actions",
        # Shown once there is a list: in the first paint of a shared link it would be pushed
        # down as the answers are read (a layout shift); the bar has the request meanwhile.
        hidden=finder_state.answered == 0,
    )


def _outside_panel(page: FinderPage) -> rx.Component:
    """The approvals the firm does not handle: a group of their own, under a heading that says
    so, each item marked and drawn apart from the firm's services."""
    return _counted_panel(
        "outside",
        "Not our services: apply elsewhere",
        finder_state.outside_count,
        "We do not handle these ourselves, but your project needs them too: each with the authority "
        "that grants it and the law behind it.",
        [_outside(len(page.approvals) + n, o) for n, o in enumerate(page.outside)],
        finder_state.outside_count == 0,
        tag=rx.el.section,
        title_icon="landmark",
        class_name="finder__outside",
    )


def _undecided_panel(page: FinderPage) -> rx.Component:
    return _counted_panel(
        "undecided",
        "Could not decide yet",
        finder_state.undecided_count,
        'These depend on an answer still missing or answered "Don\'t know", or on a point we check '
        "case by case: ask us.",
        [_undecided(n, r, page) for n, r in enumerate(page.rules)],
        (finder_state.undecided_count == 0) | (finder_state.answered == 0),
    )


def _bar_contacts() -> list[rx.Component]:
    site = content().site
    return [
        link(
            brand_icon("whatsapp", size=22),
            href=site.chat_href,
            target="_blank",
            rel="noopener noreferrer",
            aria_label="Chat with us on WhatsApp (opens in a new tab)",
            class_name="finder__summary-contact finder__summary-contact--chat",
        ),
        link(
            icon("phone", size=20),
            href=site.tel_href,
            aria_label=f"Call us on {site.phone}",
            class_name="finder__summary-contact finder__summary-contact--call",
        ),
    ]


def _bar() -> rx.Component:
    """The count and the request, always on the screen. Its box never changes, whatever it says
    (site.css: one fixed height, text cut short), so it cannot move under a finger aiming at
    the answer just above it; the page keeps its height free at the bottom."""
    return rx.el.div(
        link(
            rx.el.span(
                rx.cond(
                    finder_state.answered == 0,
                    "No answers yet",
                    finder_state.approvals_text,
                ),
                class_name="finder__summary-count",
            ),
            rx.el.span("See the list", class_name="finder__summary-see"),
            href="#finder-results-panel",
            class_name="finder__summary-list",
            id="finder-summary-list",
        ),
        link(
            # On a phone the bar also holds call and chat: "Request" alone (site.css hides the
            # rest), so the count beside it reads whole. One span: the space stays in the name.
            rx.el.span("Request", rx.el.span(" Consultation", class_name="finder__summary-request-more")),
            href=finder_state.enquiry_href,
            class_name="button button--accent finder__summary-request",
            id="finder-summary-request",
        ),
        # On a phone this bar is the only one: the call and chat bar gives it its two buttons
        # (site.css hides that bar here), so answering keeps most of the screen.
        *_bar_contacts(),
        class_name="finder__summary no-print",
        id="finder-summary",
    )


def finder(page: FinderPage) -> rx.Component:
    # One island: the rules' evaluation is a hook, declared once for every result.
    return div_island(
        finder_state.address(),
        _print_header(),
        rx.el.form(
            _progress(),
            *_fields(page),
            rx.el.button(
                icon("refresh-cw", size=16),
                rx.el.span("Start over"),
                type="reset",
                class_name="button button--secondary",
                on_click=finder_state.start_over,
            ),
            class_name="finder__form no-print",
            aria_label="Questions about your project",
            on_submit=rx.prevent_default,
        ),
        rx.el.section(
            rx.el.h2(
                "Approvals that apply (",
                rx.el.span(finder_state.applicable_count.to_string(), id="finder-count"),
                ")",
                class_name="section__title",
            ),
            rx.cond(
                finder_state.answered == 0,
                rx.el.p(
                    "Answer the questions and the approvals your project needs appear here.", class_name="finder__empty"
                ),
                rx.cond(
                    finder_state.applicable_count == 0,
                    rx.el.p(
                        "From your answers, none of the approvals we cover applies yet.", class_name="finder__empty"
                    ),
                ),
            ),
            _stages(page),
            # The request right under the approvals: before the studies, the open points, what
            # others grant and the checklist, which follow for whoever wants them.
            _actions(page),
            _studies(page),
            _undecided_panel(page),
            _outside_panel(page),
            _checklist(page),
            rx.el.details(
                rx.el.summary(
                    "Approvals that do not apply (",
                    rx.el.span(finder_state.not_applicable_count.to_string()),
                    ")",
                ),
                rx.el.ul(
                    *[_other(n, a) for n, a in enumerate(page.approvals)], class_name="link-list", id="finder-others"
                ),
                class_name="finder__others no-print",
            ),
            rx.el.p(icon("scale", size=16), rx.el.span(page.disclaimer), class_name="finder__disclaimer"),
            class_name="finder__results",
            id="finder-results-panel",
            aria_live="polite",
            aria_labelledby="finder-count",
        ),
        _bar(),
        class_name="finder",
    )
