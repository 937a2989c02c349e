#!/usr/bin/env python3
"""Daily occupancy report for the operator's car parks.

Pulls per-level occupancy from the ParkOps occupancy API, writes a CSV in
the working directory and posts the daily summary back to the same API so
it appears on the portfolio dashboard.
"""
import argparse
import csv
import importlib
import logging
import os
import statistics
from dataclasses import asdict, dataclass
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("occupancy.report")

API_BASE = os.environ.get("OCCUPANCY_API", "https://api.parkops.example/v2")


@dataclass
class LevelStat:
    site: str
    level: str
    capacity: int
    peak: int
    mean: float

    @property
    def peak_pct(self):
        return round(100.0 * self.peak / self.capacity, 1) if self.capacity else 0.0


class ApiClient:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self.http = importlib.import_module("requests").Session()
        self.http.headers.update({"Authorization": f"Bearer {key}",
                                  "Accept": "application/json"})

    def _call(self, verb, path, **kw):
        method = getattr(self.http, verb)
        resp = method(f"{self.base}{path}", timeout=20, **kw)
        resp.raise_for_status()
        return resp.json() if resp.content else {}

    def sites(self):
        return self._call("get", "/sites")["items"]

    def samples(self, site, day):
        return self._call("get", f"/sites/{site}/occupancy",
                          params={"date": day.isoformat(), "interval": "15m"})["levels"]

    def publish(self, day, stats):
        body = {"date": day.isoformat(),
                "levels": [dict(asdict(s), peak_pct=s.peak_pct) for s in stats]}
        return self._call("post", "/reports/daily", json=body)


def summarise(site, levels):
    out = []
    for lvl in levels:
        counts = [p["occupied"] for p in lvl.get("points", [])] or [0]
        out.append(LevelStat(site=site, level=lvl["name"], capacity=lvl["capacity"],
                             peak=max(counts), mean=round(statistics.fmean(counts), 1)))
    return out


def write_csv(path, stats):
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["site", "level", "capacity", "peak", "peak_pct", "mean"])
        for s in stats:
            w.writerow([s.site, s.level, s.capacity, s.peak, s.peak_pct, s.mean])


def main():
    ap = argparse.ArgumentParser(description="Daily occupancy report")
    ap.add_argument("--day", type=date.fromisoformat,
                    default=date.today() - timedelta(days=1))
    ap.add_argument("--out", type=Path)
    ap.add_argument("--no-publish", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    key = os.environ.get("OCCUPANCY_API_KEY")
    if not key:
        log.error("OCCUPANCY_API_KEY is not set")
        return 1
    client = ApiClient(API_BASE, key)

    stats = []
    for site in client.sites():
        stats.extend(summarise(site["id"], client.samples(site["id"], args.day)))

    out = args.out or Path(f"occupancy_{args.day.isoformat()}.csv")
    write_csv(out, stats)
    log.info("wrote %d level rows to %s", len(stats), out)

    busy = [s for s in stats if s.peak_pct >= 95]
    for s in busy:
        log.info("near full: %s %s peaked at %.1f%%", s.site, s.level, s.peak_pct)

    if not args.no_publish:
        result = client.publish(args.day, stats)
        log.info("published report id=%s", result.get("id"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
