"""Lists of addresses and networks read from the environment (BACKEND_TRUSTED_PROXIES,
LIMIT_EXEMPT): one parser, so every setting accepts the same spelling and a mistake stops
the app naming the setting."""

from __future__ import annotations

import functools
import ipaddress
import os

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@functools.cache
def parse(setting: str, value: str) -> tuple[Network, ...]:
    """The networks in `value`: addresses or networks separated by spaces or commas."""
    networks = []
    for item in value.replace(",", " ").split():
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise RuntimeError(f"{setting}: {item!r} is not an address or network") from None
    return tuple(networks)


def listed(address: str, setting: str, default: str = "") -> bool:
    """Whether `address` is in the networks the environment variable `setting` names (an
    IPv4-mapped IPv6 address counts as its IPv4 address; anything unparsable is not listed)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    if ip.version == 6 and ip.ipv4_mapped:
        ip = ip.ipv4_mapped
    return any(ip in network for network in parse(setting, os.environ.get(setting, default)))
