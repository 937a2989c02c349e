#!/usr/bin/env python3
"""Daily climate report for the galleries.

Pulls the last 24 hours of temperature and relative humidity readings from
the building management API, flags galleries outside the conservation
envelope, writes a CSV for the conservators and posts a summary back to the
API's reports endpoint.
"""
import argparse
import csv
import json
import logging
import os
import statistics
import sys
import urllib.error
import urllib.request
from datetime import datetime, timedelta, timezone

log = logging.getLogger("climate-report")

API_BASE = os.environ.get("BMS_API", "https://bms.example.com/api/v2")
# conservation envelope for mixed collections
ENVELOPE = {"t_min": 16.0, "t_max": 25.0, "rh_min": 40.0, "rh_max": 60.0}


class BmsClient:
    def __init__(self, base, api_key, timeout=15):
        self.base = base.rstrip("/")
        self.headers = {"Authorization": f"Bearer {api_key}", "Accept": "application/json"}
        self.timeout = timeout

    def _request(self, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        headers = dict(self.headers)
        if data:
            headers["Content-Type"] = "application/json"
        req = urllib.request.Request(f"{self.base}{path}", data=data, headers=headers,
                                     method="POST" if data else "GET")
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.load(resp)

    def readings(self, since):
        return self._request(f"/readings?since={since.isoformat()}")["readings"]

    def post_summary(self, summary):
        return self._request("/reports/daily", summary)


def summarise(readings):
    by_gallery = {}
    for r in readings:
        by_gallery.setdefault(r["gallery"], []).append(r)
    rows = []
    for gallery, rs in sorted(by_gallery.items()):
        temps = [r["temp_c"] for r in rs]
        rhs = [r["rh_pct"] for r in rs]
        row = {
            "gallery": gallery,
            "t_mean": round(statistics.mean(temps), 1),
            "t_max": max(temps), "t_min": min(temps),
            "rh_mean": round(statistics.mean(rhs), 1),
            "rh_max": max(rhs), "rh_min": min(rhs),
        }
        row["alert"] = (row["t_min"] < ENVELOPE["t_min"] or row["t_max"] > ENVELOPE["t_max"]
                        or row["rh_min"] < ENVELOPE["rh_min"] or row["rh_max"] > ENVELOPE["rh_max"])
        rows.append(row)
    return rows


def write_csv(rows, path):
    with open(path, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
        writer.writeheader()
        writer.writerows(rows)
    os.chmod(path, 0o600)  # report includes alarm detail; keep it to ourselves


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hours", type=int, default=24)
    ap.add_argument("--out", default=None)
    ap.add_argument("--no-post", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("BMS_API_KEY")
    if not key:
        log.error("BMS_API_KEY is not set")
        return 2
    client = BmsClient(API_BASE, key)
    since = datetime.now(timezone.utc) - timedelta(hours=args.hours)
    try:
        rows = summarise(client.readings(since))
    except (urllib.error.URLError, KeyError, ValueError) as exc:
        log.error("could not fetch readings: %s", exc)
        return 1
    if not rows:
        log.warning("no readings in the last %d hours", args.hours)
        return 0

    out = args.out or f"climate_{datetime.now():%Y%m%d}.csv"
    write_csv(rows, out)
    alerts = [r["gallery"] for r in rows if r["alert"]]
    log.info("wrote %s (%d galleries, %d outside envelope)", out, len(rows), len(alerts))
    if not args.no_post:
        try:
            client.post_summary({"date": datetime.now().date().isoformat(), "alerts": alerts,
                                 "galleries": len(rows)})
        except urllib.error.URLError as exc:
            log.warning("summary not posted: %s", exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
