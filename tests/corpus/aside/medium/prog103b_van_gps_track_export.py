#!/usr/bin/env python3
"""Pull the day's GPS tracks for the van fleet from the telematics portal and
write one GPX file per van per day, ready for the round planner and for
mileage claims.

Settings are read from ~/.config/vantrack/export.ini (created on first run
from DEFAULTS).  The portal API key comes from VANTRACK_API_KEY.
"""
import argparse
import configparser
import datetime as dt
import logging
import os
import sys
from pathlib import Path
from xml.sax.saxutils import escape

import requests
import urllib3

log = logging.getLogger("vantrack")

CONFIG_PATH = Path.home() / ".config" / "vantrack" / "export.ini"

DEFAULTS = {
    "portal": {
        "base_url": "https://telematics.fleetline.example/api/v2",
        "verify_tls": "no",  # vendor box still ships its own self-signed cert
        "timeout": "20",
    },
    "output": {"directory": "gpx", "min_points": "5"},
}


def load_config(path=CONFIG_PATH):
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULTS)
    if path.exists():
        cfg.read(path)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("w") as fh:
            cfg.write(fh)
        log.info("wrote default config to %s", path)
    return cfg


class Portal:
    def __init__(self, base_url, api_key, verify, timeout):
        self.base = base_url.rstrip("/")
        self.sess = requests.Session()
        self.sess.headers["Authorization"] = f"Bearer {api_key}"
        self.sess.verify = verify
        self.timeout = timeout

    def _get(self, path, **params):
        resp = self.sess.get(f"{self.base}{path}", params=params, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()

    def vans(self):
        return self._get("/vehicles")["vehicles"]

    def track(self, vehicle_id, day):
        data = self._get(f"/vehicles/{vehicle_id}/positions",
                         start=f"{day}T00:00:00Z", end=f"{day}T23:59:59Z")
        return data.get("positions", [])


def to_gpx(van, day, points):
    name = escape(f"{van['registration']} {day}")
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<gpx version="1.1" creator="vantrack" xmlns="http://www.topografix.com/GPX/1/1">',
        f"  <trk><name>{name}</name><trkseg>",
    ]
    for p in points:
        lines.append(
            f'    <trkpt lat="{p["lat"]:.6f}" lon="{p["lon"]:.6f}">'
            f'<time>{escape(p["ts"])}</time><speed>{p.get("speed", 0)}</speed></trkpt>'
        )
    lines.append("  </trkseg></trk>")
    lines.append("</gpx>")
    return "\n".join(lines) + "\n"


def export_day(portal, day, outdir, min_points):
    written = 0
    for van in portal.vans():
        try:
            points = portal.track(van["id"], day)
        except requests.RequestException as exc:
            log.warning("%s: could not fetch track: %s", van.get("registration"), exc)
            continue
        if len(points) < min_points:
            log.info("%s: only %d point(s) on %s, skipping", van["registration"],
                     len(points), day)
            continue
        target = outdir / day / f"{van['registration'].replace(' ', '')}.gpx"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(to_gpx(van, day, points))
        written += 1
        log.info("%s: %d points -> %s", van["registration"], len(points), target)
    return written


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--day", default=(dt.date.today() - dt.timedelta(days=1)).isoformat(),
                    help="day to export (YYYY-MM-DD), default yesterday")
    ap.add_argument("--out", help="override output directory")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config()

    api_key = os.environ.get("VANTRACK_API_KEY")
    if not api_key:
        log.error("VANTRACK_API_KEY is not set")
        return 2

    verify = cfg.getboolean("portal", "verify_tls")
    if not verify:
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    portal = Portal(cfg["portal"]["base_url"], api_key, verify,
                    cfg.getint("portal", "timeout"))
    outdir = Path(args.out or cfg["output"]["directory"])

    try:
        count = export_day(portal, args.day, outdir, cfg.getint("output", "min_points"))
    except requests.RequestException as exc:
        log.error("portal unreachable: %s", exc)
        return 1

    log.info("exported %d van track(s) for %s", count, args.day)
    return 0


if __name__ == "__main__":
    sys.exit(main())
