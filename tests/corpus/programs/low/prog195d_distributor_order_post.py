#!/usr/bin/env python3
"""Submit the weekly final order cut-off to the distributor's order API.

Reads the order sheet exported from the pull-list system, validates it and
posts it as one JSON order. The API key comes from the environment and is
only ever sent to the distributor endpoint.
"""
import argparse
import csv
import importlib
import json
import logging
import os
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger("dist-order")

ENDPOINT = os.environ.get("DIST_ORDER_URL", "https://orders.distributor.example.com/v1/orders")
ACCOUNT = os.environ.get("DIST_ACCOUNT", "LBX-20417")


@dataclass
class Line:
    item_code: str
    title: str
    qty: int
    variant: str = ""


def read_sheet(path: Path) -> list:
    lines = []
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            qty = int(row.get("qty") or 0)
            if qty <= 0:
                continue
            lines.append(Line(row["item_code"].strip(), row.get("title", "").strip(),
                              qty, row.get("variant", "").strip()))
    return lines


def validate(lines: list) -> list:
    problems = []
    seen = set()
    for ln in lines:
        if len(ln.item_code) != 9 or not ln.item_code[:3].isalpha():
            problems.append(f"bad item code {ln.item_code!r}")
        if ln.item_code in seen:
            problems.append(f"duplicate {ln.item_code}")
        seen.add(ln.item_code)
    return problems


def transport():
    req = importlib.import_module("urllib.request")

    def post(url: str, body: dict, key: str):
        data = json.dumps(body).encode()
        r = req.Request(url, data=data, method="POST", headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {key}",
        })
        with req.urlopen(r, timeout=30) as resp:
            return resp.status, json.load(resp)
    return post


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sheet", type=Path, nargs="?", default=Path("final_order.csv"))
    ap.add_argument("--cycle", required=True, help="order cycle, e.g. 2024-W19")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    lines = read_sheet(args.sheet)
    problems = validate(lines)
    for p in problems:
        log.error(p)
    if problems:
        return 1

    order = {"account": ACCOUNT, "cycle": args.cycle, "lines": [asdict(l) for l in lines]}
    log.info("%d lines, %d units", len(lines), sum(l.qty for l in lines))
    if args.dry_run:
        print(json.dumps(order, indent=2))
        return 0

    key = os.environ.get("DIST_API_KEY")
    if not key:
        log.error("DIST_API_KEY is not set")
        return 2
    status, reply = transport()(ENDPOINT, order, key)
    log.info("distributor answered %s, confirmation %s", status, reply.get("confirmation"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
