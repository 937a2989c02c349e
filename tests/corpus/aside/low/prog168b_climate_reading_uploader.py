#!/usr/bin/env python3
"""Uploads rope-store climate readings to the conservation monitoring API.

The hemp and manila collections must stay between 45 and 60 % RH; the
loggers dump CSV files into the working folder and this pushes new rows to
the monitoring service that raises alerts for the conservator.
"""
import argparse
import csv
import functools
import json
import logging
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import requests

log = logging.getLogger("climate.upload")

API_BASE = os.environ.get("CLIMATE_API", "https://api.conservation-monitor.example/v1")
SENT_MARK = Path(".uploaded_rows.json")


@dataclass
class Reading:
    logger_id: str
    taken_at: str
    temp_c: float
    rh_pct: float


def with_retries(tries=3, pause=2.0):
    def deco(fn):
        @functools.wraps(fn)
        def inner(*a, **kw):
            for n in range(1, tries + 1):
                try:
                    return fn(*a, **kw)
                except requests.RequestException as exc:
                    log.warning("attempt %d failed: %s", n, exc)
                    time.sleep(pause * n)
            raise RuntimeError("upload failed after retries")
        return inner
    return deco


class MonitorClient:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"X-Api-Key": key, "Content-Type": "application/json"})

    def _call(self, verb, path, **kw):
        fn = getattr(self.session, verb)
        resp = fn(f"{self.base}/{path.lstrip('/')}", timeout=20, **kw)
        resp.raise_for_status()
        return resp.json() if resp.content else {}

    @with_retries()
    def push(self, site, readings):
        body = {"site": site, "readings": [asdict(r) for r in readings]}
        return self._call("post", "/readings", data=json.dumps(body))

    @with_retries()
    def thresholds(self, site):
        return self._call("get", f"/sites/{site}/thresholds")


def read_csvs(folder):
    for path in sorted(Path(folder).glob("logger_*.csv")):
        with open(path, newline="") as fh:
            for row in csv.DictReader(fh):
                yield path.name, Reading(row["logger"], row["time"],
                                         float(row["temp"]), float(row["rh"]))


def load_marks():
    return set(json.loads(SENT_MARK.read_text())) if SENT_MARK.exists() else set()


def main():
    parser = argparse.ArgumentParser(description="Upload climate readings")
    parser.add_argument("--folder", default=".")
    parser.add_argument("--site", default=os.environ.get("CLIMATE_SITE", "ropestore-north"))
    parser.add_argument("--batch", type=int, default=200)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    key = os.environ.get("CLIMATE_API_KEY")
    if not key:
        parser.error("CLIMATE_API_KEY is not set")
    client = MonitorClient(API_BASE, key)

    marks = load_marks()
    fresh = [(f, r) for f, r in read_csvs(args.folder)
             if f"{r.logger_id}@{r.taken_at}" not in marks]
    limits = client.thresholds(args.site)
    for i in range(0, len(fresh), args.batch):
        chunk = [r for _f, r in fresh[i:i + args.batch]]
        client.push(args.site, chunk)
        marks.update(f"{r.logger_id}@{r.taken_at}" for r in chunk)
    SENT_MARK.write_text(json.dumps(sorted(marks)))
    out = [r for _f, r in fresh
           if not limits.get("rh_min", 45) <= r.rh_pct <= limits.get("rh_max", 60)]
    log.info("uploaded %d readings, %d outside RH band", len(fresh), len(out))


if __name__ == "__main__":
    main()
