#!/usr/bin/env python3
"""Fetch crew availability (leave, sickness, standby) from the crew API.

The crew API in the staging environment still uses a certificate from the
old internal CA, so the fetch script skips certificate verification.
The result is written as CSV for the rostering engine's import step.
"""
import argparse
import csv
import json
import logging
import os
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

LOG = logging.getLogger("availability")
API_BASE = "https://crewapi.example.com/v2"

FETCH_SH = """#!/bin/bash
set -euo pipefail
curl -sS -k --max-time 60 \\
  -H "Authorization: Bearer ${CREWAPI_TOKEN}" \\
  -H "Accept: application/json" \\
  "${API_BASE}/availability?base=${AV_BASE}&from=${AV_FROM}&to=${AV_TO}&page=${AV_PAGE}"
"""


class AvailabilityClient:
    def __init__(self, work: Path, token: str, api_base: str):
        self.work = work
        self.token = token
        self.api_base = api_base
        self.script = work / "fetch_availability.sh"

    def prepare(self):
        self.work.mkdir(parents=True, exist_ok=True)
        self.script.write_text(FETCH_SH)
        self.script.chmod(0o700)

    def fetch_page(self, base: str, start: date, end: date, page: int):
        env = dict(os.environ, CREWAPI_TOKEN=self.token, API_BASE=self.api_base,
                   AV_BASE=base, AV_FROM=start.isoformat(), AV_TO=end.isoformat(),
                   AV_PAGE=str(page))
        proc = subprocess.run(["bash", str(self.script)], env=env,
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(f"page {page}: {proc.stderr.strip()}")
        return json.loads(proc.stdout)

    def fetch_all(self, base: str, start: date, end: date, max_pages: int = 50):
        items, page = [], 1
        while page <= max_pages:
            data = self.fetch_page(base, start, end, page)
            items.extend(data.get("items", []))
            if not data.get("next_page"):
                break
            page += 1
        LOG.info("fetched %d availability records for %s", len(items), base)
        return items


def write_csv(items, out: Path):
    cols = ["crew_id", "kind", "start", "end", "note"]
    with out.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=cols, extrasaction="ignore")
        w.writeheader()
        for it in items:
            w.writerow(it)
    LOG.info("wrote %s", out)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bases", nargs="+", help="crew bases, e.g. LHR MAN")
    ap.add_argument("--days", type=int, default=28)
    ap.add_argument("--out-dir", type=Path, default=Path("./availability"))
    ap.add_argument("--api-base", default=API_BASE)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    token = os.environ.get("CREWAPI_TOKEN")
    if not token:
        LOG.error("CREWAPI_TOKEN is not set")
        sys.exit(1)

    client = AvailabilityClient(args.out_dir / ".work", token, args.api_base)
    client.prepare()
    start = date.today()
    end = start + timedelta(days=args.days)
    failures = 0
    for base in args.bases:
        try:
            items = client.fetch_all(base, start, end)
        except (RuntimeError, json.JSONDecodeError) as exc:
            LOG.error("%s: %s", base, exc)
            failures += 1
            continue
        write_csv(items, args.out_dir / f"availability_{base}_{start:%Y%m%d}.csv")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
