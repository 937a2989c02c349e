#!/usr/bin/env python3
"""CMMS work-order pull for the workshop planning board.

Pulls open work orders for the mobile fleet (haul trucks, excavators,
graders) from the CMMS REST API and writes them to
./board/workorders.json; the planning board polls that file and redraws
the wall screens on its own.
"""
import argparse
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("wo-pull")

CMMS_BASE = os.environ.get("CMMS_BASE", "https://cmms.minesite.example.com/api/v3")


class CmmsClient:
    def __init__(self, base, api_key):
        self.base = base.rstrip("/")
        self.api_key = api_key

    def _get(self, path, params):
        url = f"{self.base}{path}?{urllib.parse.urlencode(params)}"
        req = urllib.request.Request(url, headers={
            "Accept": "application/json",
            "X-API-Key": self.api_key,
        })
        with urllib.request.urlopen(req, timeout=30) as resp:
            return json.load(resp)

    def open_workorders(self, asset_class, page_size=200):
        page = 1
        while True:
            data = self._get("/workorders", {
                "status": "open", "asset_class": asset_class,
                "page": page, "page_size": page_size,
            })
            items = data.get("items", [])
            yield from items
            if len(items) < page_size:
                return
            page += 1


def slim(wo):
    return {
        "id": wo.get("id"),
        "asset": wo.get("asset_tag"),
        "priority": wo.get("priority"),
        "title": wo.get("title", "")[:80],
        "due": wo.get("due_date"),
        "crew": (wo.get("assigned_crew") or {}).get("name"),
    }


def write_atomically(path, payload):
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".part")
    tmp.write_text(json.dumps(payload, indent=1))
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--classes", default="haul_truck,excavator,grader,dozer")
    ap.add_argument("--out", default="board/workorders.json")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    api_key = os.environ.get("CMMS_API_KEY")
    if not api_key:
        log.error("CMMS_API_KEY is not set")
        return 1

    client = CmmsClient(CMMS_BASE, api_key)
    orders = []
    for cls in filter(None, args.classes.split(",")):
        try:
            orders.extend(slim(wo) for wo in client.open_workorders(cls))
        except urllib.error.URLError as exc:
            log.error("CMMS fetch for %s failed: %s", cls, exc)
            return 1
    orders.sort(key=lambda w: (w["priority"] or 9, w["due"] or ""))

    out = Path(args.out)
    write_atomically(out, {"generated": time.time(), "workorders": orders})
    log.info("%d open work orders written to %s", len(orders), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
