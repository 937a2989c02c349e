#!/usr/bin/env python3
"""Poll battery-cycler channels over their REST interface and log to SQLite.

The cycler controller exposes GET /api/v1/channels/<n>/state returning JSON
like {"voltage": 3.91, "current": -0.5, "temp_c": 24.8, "step": "CC-discharge"}.
Readings are stored in ./telemetry.db for the dashboard notebook.
"""
import argparse
import configparser
import logging
import signal
import sqlite3
import sys
import time
from contextlib import closing
from pathlib import Path

import httpx

logger = logging.getLogger("cycler-poll")

SCHEMA = """
CREATE TABLE IF NOT EXISTS reading (
    ts        REAL NOT NULL,
    cycler    TEXT NOT NULL,
    channel   INTEGER NOT NULL,
    voltage   REAL,
    current   REAL,
    temp_c    REAL,
    step      TEXT
);
CREATE INDEX IF NOT EXISTS reading_ch_ts ON reading (cycler, channel, ts);
"""

_running = True


def _stop(signum, _frame):
    global _running
    logger.info("signal %d received, finishing current sweep", signum)
    _running = False


class CyclerPoller:
    def __init__(self, name: str, base_url: str, channels: list, timeout: float):
        self.name = name
        self.channels = channels
        self.client = httpx.Client(base_url=base_url.rstrip("/"), timeout=timeout,
                                   headers={"Accept": "application/json"})

    def sweep(self):
        for ch in self.channels:
            try:
                r = self.client.get(f"/api/v1/channels/{ch}/state")
                r.raise_for_status()
                data = r.json()
            except (httpx.HTTPError, ValueError) as exc:
                logger.warning("%s ch%d: %s", self.name, ch, exc)
                continue
            yield ch, data

    def close(self):
        self.client.close()


def store(db: sqlite3.Connection, cycler: str, ch: int, data: dict) -> None:
    db.execute(
        "INSERT INTO reading (ts, cycler, channel, voltage, current, temp_c, step) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (time.time(), cycler, ch, data.get("voltage"), data.get("current"),
         data.get("temp_c"), data.get("step")),
    )


def load_pollers(cfg_path: Path) -> list:
    cp = configparser.ConfigParser()
    if not cp.read(cfg_path):
        raise SystemExit(f"cannot read {cfg_path}")
    pollers = []
    for section in cp.sections():
        if not section.startswith("cycler:"):
            continue
        sec = cp[section]
        channels = [int(c) for c in sec.get("channels", "1").split(",")]
        pollers.append(CyclerPoller(section.split(":", 1)[1], sec["url"], channels,
                                    sec.getfloat("timeout", 5.0)))
    return pollers


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=Path("cyclers.ini"))
    ap.add_argument("--db", type=Path, default=Path("telemetry.db"))
    ap.add_argument("--interval", type=float, default=10.0)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    signal.signal(signal.SIGINT, _stop)
    signal.signal(signal.SIGTERM, _stop)

    pollers = load_pollers(args.config)
    if not pollers:
        logger.error("no [cycler:...] sections in %s", args.config)
        return 2

    with closing(sqlite3.connect(args.db)) as db:
        db.executescript(SCHEMA)
        while _running:
            started = time.monotonic()
            n = 0
            for p in pollers:
                for ch, data in p.sweep():
                    store(db, p.name, ch, data)
                    n += 1
            db.commit()
            logger.info("stored %d readings", n)
            if args.once:
                break
            time.sleep(max(0.0, args.interval - (time.monotonic() - started)))

    for p in pollers:
        p.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
