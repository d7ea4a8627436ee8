"""The enquiry form's services: the one or two always in view, and the rest behind a
disclosure with chips for what is chosen there and a box that narrows the list (picker.jsx)."""

import reflex as rx
from reflex.vars.base import Var

from consultancy.content import content
from consultancy.forms.enquiry_form import NOT_SURE, service_choices
from consultancy.framework.assets import shared_asset


class ChosenServices(rx.Component):
    """The services ticked inside the disclosure, as chips that untick them."""

    library = shared_asset("picker.jsx", __name__).importable_path
    tag = "ChosenServices"
    list_id: Var[str]
    picker_id: Var[str]


class ServiceFilter(rx.Component):
    """A box that narrows the disclosure's list to the services matching what is typed."""

    library = shared_asset("picker.jsx", __name__).importable_path
    tag = "ServiceFilter"
    list_id: Var[str]


def _terms() -> dict[str, str]:
    """The words people type for each service (its search terms), for the filter."""
    return {s.route: " ".join(str(term) for term in s.search_terms) for s in content().services}


def _box(prefix: str, value: str, label: str, *, checked: bool, invalid: rx.Var, terms: str = "") -> rx.Component:
    return rx.el.div(
        rx.el.input(
            type="checkbox",
            id=f"{prefix}-service-{value}",
            name="service",
            value=value,
            default_checked=checked,
            aria_invalid=invalid,
            aria_describedby=f"{prefix}-service-error",
            class_name="field__box",
        ),
        rx.el.label(label, html_for=f"{prefix}-service-{value}"),
        class_name="service-choice",
        custom_attrs={"data-terms": terms} if terms else {},
    )


def service_picker(prefix: str, service: str | None, invalid: rx.Var) -> list[rx.Component]:
    """In view: the page's own service, ticked (a service page), or "Not sure" (the contact
    page). Behind "Add another service" / "Choose services": every other service."""
    choices = service_choices()
    labels = dict(choices)
    shown = service or NOT_SURE
    terms = _terms()
    list_id = f"{prefix}-service"
    picker_id = f"{prefix}-service-picker"
    return [
        _box(prefix, shown, labels[shown], checked=bool(service), invalid=invalid),
        ChosenServices.create(list_id=list_id, picker_id=picker_id),
        rx.el.details(
            rx.el.summary("Add another service" if service else "Choose services", class_name="service-picker__open"),
            ServiceFilter.create(list_id=list_id),
            rx.el.div(
                *[
                    _box(prefix, value, label, checked=False, invalid=invalid, terms=terms.get(value, ""))
                    for value, label in choices
                    if value != shown
                ],
                class_name="service-choices",
                id=list_id,
            ),
            id=picker_id,
            class_name="service-picker",
        ),
    ]
