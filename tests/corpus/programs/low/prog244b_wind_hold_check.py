#!/usr/bin/env python3
"""Wind hold check for today's crane jobs.

Fetches the forecast gusts for each job site and flags lifts that would
breach the crane's wind limit. Optionally posts the holds to the dispatch
board API so the hire desk can warn customers.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import time
import urllib.parse
import urllib.request

LOG = logging.getLogger("windhold")

FORECAST = "https://wx.example.com/v1/gusts"
BOARD = {"base": "https://board.cranehire.example.com", "path": "/api/holds"}
CACHE_DIR = "./.wxcache"
CACHE_TTL = 1800

WIND_LIMITS_MS = {"LTM-1100": 12.5, "LTM-1070": 12.5, "AC-55": 11.0, "default": 9.8}


def cache_path(url):
    key = hashlib.md5(url.encode("utf-8")).hexdigest()
    return os.path.join(CACHE_DIR, key + ".json")


def get_json(url):
    path = cache_path(url)
    if os.path.exists(path) and time.time() - os.path.getmtime(path) < CACHE_TTL:
        with open(path) as fh:
            return json.load(fh)
    with urllib.request.urlopen(url, timeout=15) as resp:
        data = json.load(resp)
    os.makedirs(CACHE_DIR, exist_ok=True)
    with open(path, "w") as fh:
        json.dump(data, fh)
    os.chmod(path, 0o600)
    return data


class Job:
    def __init__(self, row):
        self.job_id = row["job_id"]
        self.crane = row["crane"]
        self.lat = float(row["lat"])
        self.lon = float(row["lon"])
        self.hour = int(row["hour"])

    def limit(self):
        return WIND_LIMITS_MS.get(self.crane, WIND_LIMITS_MS["default"])

    def forecast_url(self):
        q = urllib.parse.urlencode({"lat": self.lat, "lon": self.lon, "hours": 24})
        return f"{FORECAST}?{q}"


def check(job):
    data = get_json(job.forecast_url())
    gusts = data.get("gust_ms", [])
    if job.hour >= len(gusts):
        return None
    gust = float(gusts[job.hour])
    if gust >= job.limit():
        return {"job_id": job.job_id, "crane": job.crane, "gust_ms": gust, "limit_ms": job.limit()}
    return None


def post_holds(holds):
    key = os.environ.get("BOARD_API_KEY")
    if not key:
        LOG.warning("BOARD_API_KEY not set; not posting")
        return False
    req = urllib.request.Request(
        BOARD["base"] + BOARD["path"],
        data=json.dumps({"holds": holds}).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {key}"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=15) as resp:
        LOG.info("board accepted holds: %s", resp.status)
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("jobs_csv", help="today's jobs: job_id,crane,lat,lon,hour")
    ap.add_argument("--post", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    holds = []
    with open(args.jobs_csv, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                job = Job(row)
                hold = check(job)
            except (KeyError, ValueError) as exc:
                LOG.error("bad job row %s: %s", row, exc)
                continue
            except OSError as exc:
                LOG.error("forecast unavailable for %s: %s", row.get("job_id"), exc)
                continue
            if hold:
                LOG.warning("HOLD %s (%s): gust %.1f m/s >= %.1f", hold["job_id"],
                            hold["crane"], hold["gust_ms"], hold["limit_ms"])
                holds.append(hold)
    print(json.dumps(holds, indent=2))
    if args.post and holds:
        try:
            post_holds(holds)
        except OSError as exc:
            LOG.error("posting failed: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
