#!/usr/bin/env python3
"""Poll the met mast logger and keep a local history database.

The mast logger has a small HTTPS API with a self-signed certificate that
nobody has the CA for any more. Readings go into wx_history.db; the last
good reading is cached so the dashboard still shows something when the
mast link drops.
"""
import argparse
import logging
import os
import pickle
import sqlite3
import sys
import time

import requests
import urllib3

log = logging.getLogger("wxpoll")

CACHE_FILE = "last_reading.pkl"
SCHEMA = """
CREATE TABLE IF NOT EXISTS readings (
    ts INTEGER, sensor TEXT, value REAL
)
"""


class MastClient:
    def __init__(self, base_url, user, password):
        self.base = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.auth = (user, password)
        # self-signed cert on the logger, see README
        self.session.verify = False
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def current(self):
        r = self.session.get(f"{self.base}/api/current", timeout=10)
        r.raise_for_status()
        return r.json()


class History:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.execute(SCHEMA)

    def store(self, ts, reading):
        cur = self.db.cursor()
        for sensor, value in reading.items():
            if not isinstance(value, (int, float)):
                continue
            cur.execute(f"INSERT INTO readings VALUES ({int(ts)}, '{sensor}', {value})")
        self.db.commit()

    def last_hour(self, sensor):
        since = int(time.time()) - 3600
        q = f"SELECT ts, value FROM readings WHERE sensor = '{sensor}' AND ts > {since} ORDER BY ts"
        return self.db.execute(q).fetchall()


def save_cache(reading):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump({"ts": time.time(), "reading": reading}, fh)


def load_cache():
    if not os.path.exists(CACHE_FILE):
        return None
    with open(CACHE_FILE, "rb") as fh:
        return pickle.load(fh)


def summarise(history, sensors):
    for s in sensors:
        rows = history.last_hour(s)
        if not rows:
            print(f"{s:12s} no data in the last hour")
            continue
        values = [v for _, v in rows]
        print(f"{s:12s} min {min(values):7.1f}  max {max(values):7.1f}  n={len(values)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default=os.environ.get("MAST_URL", "https://192.168.50.30"))
    ap.add_argument("--user", default="logger")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--summary", nargs="*", default=None,
                    help="print last-hour summary for these sensors and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    history = History("wx_history.db")
    if args.summary is not None:
        summarise(history, args.summary or ["wind_kt", "pressure_hpa", "vis_m"])
        return 0

    client = MastClient(args.url, args.user, os.environ.get("MAST_PASSWORD", ""))
    while True:
        try:
            reading = client.current()
            history.store(time.time(), reading)
            save_cache(reading)
            log.info("stored %d values", len(reading))
        except requests.RequestException as exc:
            cached = load_cache()
            age = time.time() - cached["ts"] if cached else None
            log.warning("mast unreachable (%s); cached reading age %s s", exc,
                        int(age) if age is not None else "n/a")
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
