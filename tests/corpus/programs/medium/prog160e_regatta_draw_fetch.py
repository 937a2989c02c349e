#!/usr/bin/env python3
"""Fetches the published draw for regattas the club has entered.

Reads a YAML list of regattas, downloads each draw page, and writes
the club's own crews and lane times into a CSV for the squad noticeboard.
"""
import argparse
import csv
import logging
import os
import sys
from pathlib import Path

import requests
import urllib3
import yaml

log = logging.getLogger("draw")

CLUB_CODE = os.environ.get("CLUB_CODE", "RIV")
CONFIG = Path("regattas.yaml")


def load_config(path):
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def fetch_draw(url, verify_tls):
    resp = requests.get(url, timeout=20, verify=verify_tls)
    resp.raise_for_status()
    return resp.json()


def our_crews(draw, club):
    for race in draw.get("races", []):
        for lane in race.get("lanes", []):
            if lane.get("club_code") == club:
                yield {
                    "race": race.get("number"),
                    "event": race.get("event"),
                    "time": race.get("start_time"),
                    "lane": lane.get("lane"),
                    "crew": lane.get("crew_name"),
                }


def write_csv(rows, path):
    fields = ["regatta", "race", "event", "time", "lane", "crew"]
    with open(path, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)


def main():
    parser = argparse.ArgumentParser(description="Collect regatta draws")
    parser.add_argument("--config", type=Path, default=CONFIG)
    parser.add_argument("--out", type=Path, default=Path("draw.csv"))
    parser.add_argument("--club", default=CLUB_CODE)
    parser.add_argument("--strict-tls", action="store_true",
                        help="verify certificates (many regatta sites are self-signed)")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.strict_tls:
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    config = load_config(args.config) or {}
    rows = []
    for regatta in config.get("regattas", []):
        name = regatta.get("name", "?")
        url = regatta.get("draw_url")
        if not url:
            log.warning("%s has no draw_url", name)
            continue
        try:
            draw = fetch_draw(url, verify_tls=args.strict_tls)
        except (requests.RequestException, ValueError) as exc:
            log.error("%s: %s", name, exc)
            continue
        found = 0
        for row in our_crews(draw, args.club):
            row["regatta"] = name
            rows.append(row)
            found += 1
        log.info("%s: %d crews", name, found)

    rows.sort(key=lambda r: (r["regatta"], str(r["time"])))
    write_csv(rows, args.out)
    print(f"wrote {len(rows)} rows to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
