#!/usr/bin/env python3
"""Push service-level figures to the floor wallboard service.

Reads the half-hourly interval export produced by the ACD (a CSV in the
working directory), computes service level and abandon rate per queue,
and posts the figures to the wallboard API.  The API key comes from the
WALLBOARD_API_KEY environment variable and is sent only to that API.
"""
import argparse
import base64
import csv
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("wallboard")

API_BASE = "https://wallboard.example.com/api/v1"
KEY_VAR = "WALLBOARD_API_KEY"
SL_THRESHOLD = 20  # seconds


def client_tag():
    """Identify the sending host OS in the User-Agent, from /etc/os-release."""
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError:
        pass
    return "wallboard-push/1.4 (%s)" % info.get("PRETTY_NAME", "unknown")


class QueueFigures:
    def __init__(self, name):
        self.name = name
        self.offered = 0
        self.answered_in_sl = 0
        self.abandoned = 0

    def add(self, row):
        self.offered += int(row.get("offered", 0) or 0)
        self.answered_in_sl += int(row.get("answered_%ds" % SL_THRESHOLD, 0) or 0)
        self.abandoned += int(row.get("abandoned", 0) or 0)

    def as_dict(self):
        offered = self.offered or 1
        return {
            "queue": self.name,
            "offered": self.offered,
            "service_level": round(100.0 * self.answered_in_sl / offered, 1),
            "abandon_rate": round(100.0 * self.abandoned / offered, 1),
        }


def load_intervals(path):
    figures = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            name = row.get("queue")
            if not name:
                continue
            figures.setdefault(name, QueueFigures(name)).add(row)
    return [f.as_dict() for f in figures.values()]


def post_tiles(tiles, api_key, timeout):
    body = json.dumps({"tiles": tiles}).encode()
    req = urllib.request.Request(
        API_BASE + "/tiles",
        data=body,
        method="POST",
        headers={
            "Content-Type": "application/json",
            "Authorization": "Bearer " + api_key,
            "User-Agent": client_tag(),
            # the wallboard echoes this back so we can match responses to runs
            "X-Run-Ref": base64.urlsafe_b64encode(body[:24]).decode().rstrip("="),
        },
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def main(argv=None):
    ap = argparse.ArgumentParser(description="Push SL figures to the wallboard")
    ap.add_argument("export", nargs="?", default="interval_export.csv")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--print", dest="print_only", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        tiles = load_intervals(args.export)
    except OSError as exc:
        LOG.error("cannot read export: %s", exc)
        return 1
    if args.print_only:
        print(json.dumps(tiles, indent=2))
        return 0

    api_key = os.environ.get(KEY_VAR)
    if not api_key:
        LOG.error("%s is not set", KEY_VAR)
        return 1
    try:
        status = post_tiles(tiles, api_key, args.timeout)
    except urllib.error.HTTPError as exc:
        LOG.error("wallboard rejected update: %s", exc.code)
        return 2
    except OSError as exc:
        LOG.error("wallboard unreachable: %s", exc)
        return 2
    LOG.info("%d queue tiles pushed (HTTP %s)", len(tiles), status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
