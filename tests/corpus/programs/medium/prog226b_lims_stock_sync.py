#!/usr/bin/env python3
"""lims_stock_sync.py - pull seed stock counts from the lab LIMS.

The LIMS appliance at lims.example.org still has a self-signed certificate,
so certificate verification is switched off for it. Stock counts are written
to a dated CSV in the working directory and compressed with gzip through a
shell pipeline so the nightly job matches the older shell tooling.
"""
import argparse
import csv
import datetime as dt
import logging
import os
import subprocess
import sys
from pathlib import Path

import requests
import urllib3

LIMS_BASE = os.environ.get("LIMS_BASE", "https://lims.example.org/api/v2")

log = logging.getLogger("lims_stock_sync")


class LimsClient:
    def __init__(self, base: str, api_key: str, timeout: float):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {api_key}"
        self.session.verify = False
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def stock_page(self, room: str, page: int) -> dict:
        resp = self.session.get(
            f"{self.base}/stock",
            params={"room": room, "page": page, "per_page": 200},
            timeout=self.timeout,
            verify=False,
        )
        resp.raise_for_status()
        return resp.json()

    def all_stock(self, room: str):
        page = 1
        while True:
            data = self.stock_page(room, page)
            for item in data.get("items", []):
                yield item
            if not data.get("next_page"):
                break
            page = data["next_page"]


def write_and_compress(rows: list, out: Path) -> Path:
    with out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["accession_no", "room", "container", "seeds", "grams", "updated"])
        for r in rows:
            w.writerow([r.get("accession_no"), r.get("room"), r.get("container"),
                        r.get("seeds"), r.get("grams"), r.get("updated")])
    proc = subprocess.run(
        ["bash", "-c", 'gzip -9 -f "$SYNC_OUT" && ls -l "$SYNC_OUT.gz"'],
        env={**os.environ, "SYNC_OUT": str(out)},
        capture_output=True, text=True,
    )
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip())
    log.info("compressed: %s", proc.stdout.strip())
    return out.with_suffix(out.suffix + ".gz")


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="sync stock counts from the LIMS")
    p.add_argument("rooms", nargs="+", help="storage rooms, e.g. CR1 CR2")
    p.add_argument("--timeout", type=float, default=30.0)
    p.add_argument("--out-dir", type=Path, default=Path("."))
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    api_key = os.environ.get("LIMS_API_KEY")
    if not api_key:
        log.error("LIMS_API_KEY is not set")
        return 2
    client = LimsClient(LIMS_BASE, api_key, args.timeout)
    rows = []
    for room in args.rooms:
        try:
            got = list(client.all_stock(room))
        except requests.RequestException as exc:
            log.error("room %s: %s", room, exc)
            continue
        log.info("room %s: %d stock records", room, len(got))
        rows.extend(got)
    if not rows:
        log.error("no stock records retrieved")
        return 1
    args.out_dir.mkdir(parents=True, exist_ok=True)
    out = args.out_dir / f"stock_{dt.date.today():%Y%m%d}.csv"
    try:
        final = write_and_compress(rows, out)
    except RuntimeError as exc:
        log.error("compression failed: %s", exc)
        return 1
    empty = sum(1 for r in rows if not r.get("seeds"))
    log.info("wrote %s (%d rows, %d with zero seeds)", final, len(rows), empty)
    return 0


if __name__ == "__main__":
    sys.exit(main())
