#!/usr/bin/env python3
"""Import trough-meter readings from the site gateways into the society DB.

Each Greenfield site has a small gateway box that exposes the latest meter
readings over HTTPS (with the installer's own certificate).  This script
reads gateways.yaml, fetches each gateway's readings, and stores them in
water.sqlite so the treasurer can split the water bill by plot row.
"""
import argparse
import datetime as dt
import logging
import sqlite3
import sys
from pathlib import Path

import requests
import urllib3
import yaml

log = logging.getLogger("meter-import")

SCHEMA = """
CREATE TABLE IF NOT EXISTS readings (
    site TEXT NOT NULL,
    meter TEXT NOT NULL,
    read_at TEXT NOT NULL,
    litres REAL NOT NULL,
    PRIMARY KEY (site, meter, read_at)
);
"""


class GatewayConfig:
    def __init__(self, path):
        with open(path, encoding="utf-8") as fh:
            self.data = yaml.load(fh, Loader=yaml.Loader) or {}
        self.gateways = self.data.get("gateways", [])
        self.verify = self.data.get("verify_certificates", False)
        self.timeout = float(self.data.get("timeout", 15))

    def __iter__(self):
        return iter(self.gateways)


def make_session(cfg):
    s = requests.Session()
    s.verify = cfg.verify
    if not cfg.verify:
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    s.headers["User-Agent"] = "greenfield-meter-import/2.1"
    return s


def fetch_readings(session, gw, timeout):
    url = gw["url"].rstrip("/") + "/api/readings"
    params = {"since": gw.get("since", (dt.date.today() - dt.timedelta(days=35)).isoformat())}
    resp = session.get(url, params=params, timeout=timeout,
                       auth=(gw.get("user", "reader"), gw.get("password", "")))
    resp.raise_for_status()
    for row in resp.json().get("readings", []):
        yield row["meter"], row["time"], float(row["litres"])


def store(db, site, rows):
    cur = db.executemany(
        "INSERT OR IGNORE INTO readings (site, meter, read_at, litres) VALUES (?, ?, ?, ?)",
        ((site, m, t, l) for m, t, l in rows),
    )
    db.commit()
    return cur.rowcount


def summary(db):
    q = """SELECT site, meter, MIN(litres), MAX(litres), COUNT(*)
           FROM readings WHERE read_at >= date('now', '-31 days')
           GROUP BY site, meter ORDER BY site, meter"""
    for site, meter, lo, hi, n in db.execute(q):
        print(f"{site:<18} {meter:<6} {hi - lo:>10.1f} L  ({n} readings)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="gateways.yaml")
    ap.add_argument("--db", default="water.sqlite")
    ap.add_argument("--summary", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        cfg = GatewayConfig(args.config)
    except (OSError, yaml.YAMLError) as exc:
        log.error("cannot read %s: %s", args.config, exc)
        return 1

    db = sqlite3.connect(Path(args.db))
    db.executescript(SCHEMA)
    session = make_session(cfg)
    errors = 0
    for gw in cfg:
        site = gw.get("site", gw.get("url"))
        try:
            n = store(db, site, fetch_readings(session, gw, cfg.timeout))
            log.info("%s: %d new readings", site, n)
        except (requests.RequestException, KeyError, ValueError) as exc:
            log.error("%s: %s", site, exc)
            errors += 1

    if args.summary:
        summary(db)
    db.close()
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
