#!/usr/bin/env python3
"""Fetch tide predictions and print the sailable race windows.

Club racing on the estuary needs enough water over the bar. This fetches
high/low water predictions for the club's tide station, caches the raw
responses locally, and lists the windows where the height stays above the
configured minimum.
"""
import argparse
import base64
import datetime as dt
import hashlib
import json
import logging
import os
import sys
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("tides")

API = {
    "base": "https://api.tides.example.net/v2/predictions",
    "key_env": "TIDES_API_KEY",
    "station": "EST-042",
    "timeout": 10,
}
CACHE_DIR = Path(".tide_cache")


def os_tag():
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("ID="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return "unknown"


def cache_path(url):
    key = hashlib.md5(url.encode("utf-8")).hexdigest()
    return CACHE_DIR / (key + ".json")


def fetch(url, max_age_h=6):
    path = cache_path(url)
    if path.exists():
        age = dt.datetime.now().timestamp() - path.stat().st_mtime
        if age < max_age_h * 3600:
            blob = json.loads(path.read_text())
            return base64.b64decode(blob["body"])
    headers = {"User-Agent": "club-tides/0.3 ({})".format(os_tag()), "Accept": "application/json"}
    key = os.environ.get(API["key_env"])
    if key:
        headers["X-Api-Key"] = key
    req = urllib.request.Request(url, headers=headers, method="GET")
    with urllib.request.urlopen(req, timeout=API["timeout"]) as resp:
        body = resp.read()
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_text(json.dumps({"url": url, "body": base64.b64encode(body).decode("ascii")}))
    os.chmod(path, 0o600)
    return body


class TideCurve:
    def __init__(self, points):
        self.points = sorted((dt.datetime.fromisoformat(p["time"]), float(p["height"])) for p in points)

    def windows(self, min_height):
        out, start = [], None
        for when, h in self.points:
            if h >= min_height and start is None:
                start = when
            elif h < min_height and start is not None:
                out.append((start, when))
                start = None
        if start is not None:
            out.append((start, self.points[-1][0]))
        return out


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--date", default=dt.date.today().isoformat())
    ap.add_argument("--days", type=int, default=1)
    ap.add_argument("--min-height", type=float, default=1.8, help="metres over the bar")
    ap.add_argument("--refresh", action="store_true", help="ignore cached responses")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    qs = urllib.parse.urlencode({"station": API["station"], "start": args.date,
                                 "days": args.days, "interval": "15m"})
    url = "{}?{}".format(API["base"], qs)
    try:
        body = fetch(url, max_age_h=0 if args.refresh else 6)
        curve = TideCurve(json.loads(body)["predictions"])
    except (OSError, ValueError, KeyError) as exc:
        log.error("could not get predictions: %s", exc)
        return 1

    wins = curve.windows(args.min_height)
    if not wins:
        print("No sailable window above {:.1f} m".format(args.min_height))
    for a, b in wins:
        print("{}  {} - {}  ({:.0f} min)".format(a.date(), a.strftime("%H:%M"), b.strftime("%H:%M"),
                                                (b - a).total_seconds() / 60))
    return 0


if __name__ == "__main__":
    sys.exit(main())
