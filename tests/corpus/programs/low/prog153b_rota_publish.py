#!/usr/bin/env python3
"""Publish the lifeguard rota.

Reads the week's rota from the spreadsheet export, checks that every open
hour has at least two qualified lifeguards on the water and one at the
cable tower, then publishes it to the staff scheduling service.
"""
import argparse
import csv
import json
import logging
import os
import tempfile
from collections import defaultdict

import requests

LOG = logging.getLogger("rota")

API_URL = os.environ.get("ROTA_API_URL", "https://rota.example.com/api/v1/rotas")
MIN_WATER = 2
MIN_TOWER = 1


class Shift:
    def __init__(self, row):
        self.day = row["day"]
        self.start = int(row["start"])
        self.end = int(row["end"])
        self.name = row["name"].strip()
        self.post = row["post"].strip().lower()
        self.qualified = row.get("nplq", "").strip().lower() in ("y", "yes", "1")

    def hours(self):
        return range(self.start, self.end)

    def as_dict(self):
        return {"day": self.day, "start": self.start, "end": self.end,
                "name": self.name, "post": self.post}


def read_rota(path):
    with open(path, newline="") as fh:
        return [Shift(r) for r in csv.DictReader(fh)]


def coverage_gaps(shifts, open_hours):
    cover = defaultdict(lambda: {"water": 0, "tower": 0})
    for s in shifts:
        if not s.qualified:
            continue
        for h in s.hours():
            if s.post in cover[(s.day, h)]:
                cover[(s.day, h)][s.post] += 1
    gaps = []
    days = sorted({s.day for s in shifts})
    for day in days:
        for h in open_hours:
            c = cover[(day, h)]
            if c["water"] < MIN_WATER or c["tower"] < MIN_TOWER:
                gaps.append("%s %02d:00 water=%d tower=%d" % (day, h, c["water"], c["tower"]))
    return gaps


def write_local_copy(payload, path):
    """Atomic write of the published rota, readable only by us (it has names)."""
    folder = os.path.dirname(os.path.abspath(path))
    with tempfile.NamedTemporaryFile("w", dir=folder, delete=False, suffix=".tmp") as tmp:
        json.dump(payload, tmp, indent=2)
        tmp_name = tmp.name
    os.chmod(tmp_name, 0o600)
    os.replace(tmp_name, path)


def publish(payload, token):
    resp = requests.post(API_URL, json=payload, timeout=15,
                         headers={"Authorization": "Bearer " + token})
    resp.raise_for_status()
    return resp.json().get("id")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("rota_csv")
    ap.add_argument("--week", required=True, help="ISO week, e.g. 2024-W27")
    ap.add_argument("--open", default="9-19", help="opening hours, e.g. 9-19")
    ap.add_argument("--force", action="store_true", help="publish despite gaps")
    ap.add_argument("--copy", default="published_rota.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    first, last = (int(x) for x in args.open.split("-"))
    shifts = read_rota(args.rota_csv)
    gaps = coverage_gaps(shifts, range(first, last))
    for g in gaps:
        LOG.warning("cover gap: %s", g)
    if gaps and not args.force:
        LOG.error("%d gaps - fix the rota or use --force", len(gaps))
        return 1

    payload = {"week": args.week, "shifts": [s.as_dict() for s in shifts]}
    write_local_copy(payload, args.copy)

    token = os.environ.get("ROTA_API_TOKEN")
    if not token:
        LOG.error("ROTA_API_TOKEN not set; saved local copy only")
        return 2
    try:
        rota_id = publish(payload, token)
    except requests.RequestException as exc:
        LOG.error("publish failed: %s", exc)
        return 1
    LOG.info("published rota %s (%d shifts)", rota_id, len(shifts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
