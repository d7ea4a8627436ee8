"""A visitor's address as the limits count it: a keyed hash, never the address itself. The
enquiry form's per-address limit and the staff sign-in's throttle count the same key."""

from __future__ import annotations

import ipaddress

from . import keys


def _ip(address: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        ip = ipaddress.ip_address(str(address or "").strip()[:100])
    except ValueError:
        return None
    return ip.ipv4_mapped if ip.version == 6 and ip.ipv4_mapped else ip


def network_key(address: str) -> str:
    """The network an address belongs to, as the store's daily shares count it: an IPv4 /24
    or an IPv6 /48 (one organisation's allocation), keyed like `address_key`."""
    ip = _ip(address)
    prefix = 24 if ip is not None and ip.version == 4 else 48
    text = "unknown" if ip is None else str(ipaddress.ip_network(f"{ip}/{prefix}", strict=False))
    return keys.keyed_hash(keys.ADDRESS, "network:" + text)


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
