"""The 'ISO Certifications' dialog opened from the badge in the top bar: shown and
hidden in the browser alone."""

from consultancy.framework.client_state import Shared

iso_open = Shared("iso_dialog_open", False)
show = iso_open.set(True)
hide = iso_open.set(False)
