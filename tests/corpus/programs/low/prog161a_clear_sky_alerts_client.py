#!/usr/bin/env python3
"""Client for the ClearSky Alerts service used by the observatory.

Lists upcoming clear windows for the site and registers the public
viewing nights so that the service sends its 'go / no-go' alert to the
volunteers' mailing list.
"""
import argparse
import json
import logging
import os
import sys
from datetime import datetime, timezone
from pathlib import Path

import requests

LOG = logging.getLogger("clearsky")

API_BASE = "https://api.clearsky-alerts.example/v2"
CACHE_DIR = Path(".cache") / "clearsky"


class ClearSkyClient:
    def __init__(self, api_key, site_id, timeout=15):
        self.site_id = site_id
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": "Bearer " + api_key,
            "Accept": "application/json",
            "User-Agent": "hilltop-observatory-clearsky/1.3",
        })

    def _url(self, *parts):
        return "/".join([API_BASE, *parts])

    def windows(self, hours):
        resp = self.session.get(self._url("sites", self.site_id, "windows"),
                                params={"hours": hours}, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("windows", [])

    def register_event(self, night, title, min_clear_pct):
        body = {"date": night, "title": title,
                "threshold": {"clear_percent": min_clear_pct}}
        resp = self.session.post(self._url("sites", self.site_id, "events"),
                                 json=body, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def cache_windows(windows):
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M")
    path = CACHE_DIR / ("windows-%s.json" % stamp)
    path.write_text(json.dumps(windows, indent=2))
    return path


def show_windows(windows):
    if not windows:
        print("No clear windows forecast.")
        return
    for w in windows:
        print("%s -> %s  clear %3d%%  moon %s" % (
            w.get("start", "?"), w.get("end", "?"),
            int(w.get("clear_percent", 0)), w.get("moon_phase", "-")))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    w = sub.add_parser("windows", help="list clear windows")
    w.add_argument("--hours", type=int, default=72)
    r = sub.add_parser("register", help="register a public viewing night")
    r.add_argument("night", help="YYYY-MM-DD")
    r.add_argument("--title", default="Public viewing night")
    r.add_argument("--min-clear", type=int, default=60)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("CLEARSKY_API_KEY")
    site_id = os.environ.get("CLEARSKY_SITE_ID", "hilltop-obs")
    if not api_key:
        LOG.error("CLEARSKY_API_KEY is not set")
        return 2
    client = ClearSkyClient(api_key, site_id)
    try:
        if args.cmd == "windows":
            windows = client.windows(args.hours)
            LOG.info("cached to %s", cache_windows(windows))
            show_windows(windows)
        else:
            event = client.register_event(args.night, args.title, args.min_clear)
            print("registered event %s for %s" % (event.get("id"), args.night))
    except requests.RequestException as exc:
        LOG.error("ClearSky request failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
