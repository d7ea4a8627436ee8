"""What a visitor does with the enquiry form, for every test that fills it in."""

from __future__ import annotations


def choose_services(page, *values: str, prefix: str = "enquiry") -> None:
    """Ticks each service: in view at once ("Not sure", a service page's own), or in the list
    behind "Choose services" / "Add another service", opened first."""
    picker = page.locator(f"#{prefix}-service-picker")
    for value in values:
        box = page.locator(f"#{prefix}-service-{value}")
        if not box.is_visible() and picker.get_attribute("open") is None:
            picker.locator("summary").click()
        box.check()


def tab_stops(page, first: str, last: str, limit: int = 80) -> list[str]:
    """The elements Tab reaches after `first` up to and with `last` (CSS selectors), by id or tag."""
    page.locator(first).focus()
    reached: list[str] = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        reached.append(page.evaluate("() => document.activeElement?.id || document.activeElement?.tagName"))
        if page.evaluate("(last) => document.activeElement === document.querySelector(last)", last):
            return reached
    raise AssertionError(f"Tab never reached {last}: {reached}")
