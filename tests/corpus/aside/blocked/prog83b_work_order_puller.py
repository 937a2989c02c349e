#!/usr/bin/env python3
"""Pull open work orders for a crew from the CMMS and write them out for the
offline dispatch app on the truck tablet.

Orders are normalised (priority, crew code, coordinates, asset id) by the
field-mapping module shipped with this tool, then written as JSON lines and
as a CSV the tablet's map layer can import.
"""
import argparse
import base64
import csv
import json
import logging
import os
import sys
import time
import zlib
from pathlib import Path

import requests

log = logging.getLogger("wo_puller")

API_BASE = os.environ.get("CMMS_API", "https://cmms.gridcrew.example/api/v1")
PAGE_SIZE = 100

# Field mapping v3 (matches CMMS schema 2024.2); packed to keep the tool a
# single file on the tablets.
_FIELD_MAP = (
    "eNptjzELwjAQhff+ipApASkFN8FBUMSlS3ESkdBeJRCTcE0RFf+7R1IwSjOF97737q6DnlmHN2X0E4TDDlCu"
    "CkYv/k/co3aow4Of2ZppGxJTXiGIryeJZkuZ51qEe8zkgShGmB/rTdMc9vVuy2U5BNReyHL0HlCkHuNaSmdh"
    "ElTQzqaC1zufZlSIw3rjVBBEThGSF6wqK/mzm6GSOZrkGVoNA6R2WjO/JhoX3aWF/o3pTp66EMKINkHFB3kO"
    "c1I="
)


class FieldMap:
    """Loads the normaliser once and applies it to every order."""

    _fn = None

    @classmethod
    def normaliser(cls):
        if cls._fn is None:
            raw = zlib.decompress(base64.b64decode(_FIELD_MAP))
            scope = {"__name__": "field_map"}
            exec(compile(raw, "field_map", "exec"), scope)
            cls._fn = scope["normalize"]
            log.debug("field map loaded")
        return cls._fn

    @classmethod
    def apply(cls, orders):
        fn = cls.normaliser()
        for order in orders:
            try:
                yield fn(dict(order))
            except (TypeError, ValueError) as exc:
                log.warning("order %s skipped: %s", order.get("id"), exc)


def session(token):
    s = requests.Session()
    s.headers.update({"Authorization": f"Token {token}", "Accept": "application/json"})
    return s


def iter_orders(sess, crew, status):
    page = 1
    while True:
        params = {"crew": crew, "status": status, "page": page, "page_size": PAGE_SIZE}
        for attempt in range(3):
            try:
                resp = sess.get(f"{API_BASE}/work-orders", params=params, timeout=30)
                resp.raise_for_status()
                break
            except requests.RequestException as exc:
                log.warning("page %d attempt %d: %s", page, attempt + 1, exc)
                time.sleep(2 + attempt * 3)
        else:
            raise SystemExit(f"giving up on page {page}")
        data = resp.json()
        yield from data.get("results", [])
        if not data.get("next"):
            return
        page += 1


def write_outputs(orders, outdir):
    outdir.mkdir(parents=True, exist_ok=True)
    jsonl = outdir / "work_orders.jsonl"
    csv_path = outdir / "work_orders.csv"
    count = 0
    with jsonl.open("w") as jf, csv_path.open("w", newline="") as cf:
        writer = csv.writer(cf)
        writer.writerow(["id", "priority", "crew", "asset", "lat", "lon", "summary"])
        for order in orders:
            jf.write(json.dumps(order) + "\n")
            writer.writerow([order.get("id"), order["priority"], order["crew"], order["asset"],
                             order["lat"], order["lon"], (order.get("summary") or "")[:120]])
            count += 1
    return count


def main(argv=None):
    ap = argparse.ArgumentParser(description="pull crew work orders for offline dispatch")
    ap.add_argument("crew")
    ap.add_argument("--status", default="open")
    ap.add_argument("--out", type=Path, default=Path("dispatch"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    token = os.environ.get("CMMS_TOKEN")
    if not token:
        log.error("CMMS_TOKEN not set")
        return 2
    sess = session(token)
    orders = FieldMap.apply(iter_orders(sess, args.crew, args.status))
    n = write_outputs(orders, args.out)
    log.info("wrote %d work order(s) to %s", n, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
