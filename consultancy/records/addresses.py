"""A visitor's address as the limits count it: a keyed hash, never the address itself. The
enquiry form's per-address limit and the staff sign-in's throttle count the same key."""

from __future__ import annotations

import ipaddress

from . import keys


def address_key(address: str) -> str:
    """What the per-address limit counts: a keyed hash of the visitor's IP address (IPv6
    by its /64, which one household or phone usually holds whole), never the address; the
    address key (keys.ADDRESS) is this hash's alone."""
    text = str(address or "").strip()[:100]
    try:
        ip = ipaddress.ip_address(text)
        if ip.version == 6 and ip.ipv4_mapped:
            ip = ip.ipv4_mapped
        text = str(ipaddress.ip_network(f"{ip}/64", strict=False)) if ip.version == 6 else str(ip)
    except ValueError:
        text = text or "unknown"
    return keys.keyed_hash(keys.ADDRESS, text)
