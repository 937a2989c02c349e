#!/usr/bin/env python3
"""Ingest battery-cycler channel telemetry into SQLite.

The cycler controllers expose GET /api/v1/channels/<n>/state over HTTPS with
the factory self-signed certificate.  Readings go to one table per cycler in
./telemetry.db so the dashboard can query them directly.
"""
import argparse
import configparser
import logging
import re
import signal
import sqlite3
import sys
import time
from contextlib import closing
from pathlib import Path

import httpx

logger = logging.getLogger("cycler-ingest")

_running = True


def _stop(signum, _frame):
    global _running
    logger.info("signal %d received, finishing current sweep", signum)
    _running = False


def table_for(cycler: str) -> str:
    return "reading_" + re.sub(r"\W", "_", cycler)


class CyclerIngest:
    def __init__(self, name: str, base_url: str, channels: list, timeout: float):
        self.name = name
        self.channels = channels
        # factory certificates are self-signed and expired on half the units
        self.client = httpx.Client(base_url=base_url.rstrip("/"), timeout=timeout,
                                   verify=False, headers={"Accept": "application/json"})

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


def ensure_table(db: sqlite3.Connection, cycler: str) -> None:
    db.execute(
        f"CREATE TABLE IF NOT EXISTS {table_for(cycler)} ("
        "ts REAL, channel INTEGER, voltage REAL, current REAL, temp_c REAL, step TEXT)"
    )


def store(db: sqlite3.Connection, cycler: str, ch: int, data: dict) -> None:
    step = str(data.get("step", ""))
    sql = (
        "INSERT INTO {tbl} VALUES ({ts}, {ch}, {v}, {i}, {t}, '{step}')".format(
            tbl=table_for(cycler), ts=time.time(), ch=ch,
            v=data.get("voltage", "NULL"), i=data.get("current", "NULL"),
            t=data.get("temp_c", "NULL"), step=step)
    )
    db.execute(sql)


def latest(db: sqlite3.Connection, cycler: str, channel: str):
    q = f"SELECT * FROM {table_for(cycler)} WHERE channel = {channel} ORDER BY ts DESC LIMIT 1"
    return db.execute(q).fetchone()


def load_sources(cfg_path: Path) -> list:
    cp = configparser.ConfigParser()
    if not cp.read(cfg_path):
        raise SystemExit(f"cannot read {cfg_path}")
    out = []
    for section in cp.sections():
        if section.startswith("cycler:"):
            sec = cp[section]
            channels = [int(c) for c in sec.get("channels", "1").split(",")]
            out.append(CyclerIngest(section.split(":", 1)[1], sec["url"], channels,
                                    sec.getfloat("timeout", 5.0)))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=Path("cyclers.ini"))
    ap.add_argument("--db", type=Path, default=Path("telemetry.db"))
    ap.add_argument("--interval", type=float, default=10.0)
    ap.add_argument("--show", nargs=2, metavar=("CYCLER", "CHANNEL"),
                    help="print the latest reading and exit")
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    with closing(sqlite3.connect(args.db)) as db:
        if args.show:
            print(latest(db, *args.show))
            return 0

        sources = load_sources(args.config)
        for s in sources:
            ensure_table(db, s.name)
        signal.signal(signal.SIGINT, _stop)
        signal.signal(signal.SIGTERM, _stop)

        while _running:
            t0 = time.monotonic()
            n = 0
            for s in sources:
                for ch, data in s.sweep():
                    store(db, s.name, ch, data)
                    n += 1
            db.commit()
            logger.info("ingested %d readings", n)
            if args.once:
                break
            time.sleep(max(0.0, args.interval - (time.monotonic() - t0)))

        for s in sources:
            s.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
