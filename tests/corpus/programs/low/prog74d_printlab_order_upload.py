#!/usr/bin/env python3
"""Submit a print order to the Bayside Pro Lab ordering API.

The order sheet is a CSV exported from the proofing gallery with the columns
filename,size,paper,qty. Every referenced image is uploaded once, then a
single order referencing the uploaded assets is created.

    PROLAB_API_KEY=... printlab_order_upload.py orders/smith_wedding.csv \
        --images exports/smith_wedding --ship-to studio
"""
import argparse
import csv
import logging
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import requests

API_BASE = "https://api.baysideprolab.com/v2"
SIZES = {"4x6", "5x7", "8x10", "11x14", "16x20", "20x30"}
PAPERS = {"lustre", "glossy", "metallic", "deep-matte"}
SHIP_PRESETS = {"studio": "ACC-STUDIO-01", "client": None}

log = logging.getLogger("prolab")


@dataclass(frozen=True)
class LineItem:
    filename: str
    size: str
    paper: str
    qty: int


def read_order_sheet(path):
    items = []
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                item = LineItem(row["filename"].strip(), row["size"].strip().lower(),
                                row.get("paper", "lustre").strip().lower(), int(row["qty"]))
            except (KeyError, ValueError) as exc:
                raise ValueError(f"{path}:{lineno}: bad row ({exc})") from exc
            if item.size not in SIZES or item.paper not in PAPERS or item.qty < 1:
                raise ValueError(f"{path}:{lineno}: unsupported {item}")
            items.append(item)
    return items


class LabClient:
    def __init__(self, api_key, base=API_BASE, timeout=60):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({"X-Api-Key": api_key,
                                     "User-Agent": "studio-order-tool/1.4"})

    def _post(self, path, **kw):
        for attempt in range(4):
            try:
                r = self.session.post(f"{self.base}{path}", timeout=self.timeout, **kw)
                if r.status_code < 500:
                    r.raise_for_status()
                    return r.json()
                log.warning("lab returned %s, retrying", r.status_code)
            except requests.ConnectionError as exc:
                log.warning("connection problem: %s", exc)
            time.sleep(1.5 * (attempt + 1))
        raise RuntimeError(f"POST {path} kept failing")

    def upload_image(self, path):
        with open(path, "rb") as fh:
            data = self._post("/assets", files={"file": (path.name, fh, "image/jpeg")})
        log.info("uploaded %s -> %s", path.name, data["asset_id"])
        return data["asset_id"]

    def create_order(self, items, assets, account, reference):
        body = {
            "reference": reference,
            "ship_to_account": account,
            "lines": [{"asset_id": assets[i.filename], "size": i.size,
                       "paper": i.paper, "quantity": i.qty} for i in items],
        }
        return self._post("/orders", json=body)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Upload and submit a print order")
    ap.add_argument("sheet", type=Path)
    ap.add_argument("--images", type=Path, required=True)
    ap.add_argument("--ship-to", choices=sorted(SHIP_PRESETS), default="studio")
    ap.add_argument("--reference")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        items = read_order_sheet(args.sheet)
    except (OSError, ValueError) as exc:
        log.error("%s", exc)
        return 1
    missing = [i.filename for i in items if not (args.images / i.filename).is_file()]
    if missing:
        log.error("missing images: %s", ", ".join(missing))
        return 1
    log.info("%d lines, %d prints", len(items), sum(i.qty for i in items))
    if args.dry_run:
        return 0

    key = os.environ.get("PROLAB_API_KEY")
    if not key:
        log.error("set PROLAB_API_KEY")
        return 2
    client = LabClient(key)
    assets = {}
    for name in sorted({i.filename for i in items}):
        assets[name] = client.upload_image(args.images / name)
    order = client.create_order(items, assets, SHIP_PRESETS[args.ship_to],
                                args.reference or args.sheet.stem)
    log.info("order %s created, total %s", order.get("order_id"), order.get("total"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
