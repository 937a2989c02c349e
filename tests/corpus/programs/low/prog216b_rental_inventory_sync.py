#!/usr/bin/env python3
"""Push the rental shop's equipment inventory to the central rentals API.

The shop's nightly export (a CSV produced by the till, piped in on stdin or
read from ./inventory_export.csv) is turned into JSON and posted to the
rentals API. The API key comes from RENTALS_API_KEY and is only ever sent
to that API. A copy of the last payload is kept for the shop manager.

Example:  till-export --csv | ./rental_inventory_sync.py --shop base-lodge
"""

import argparse
import csv
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path

LOG = logging.getLogger("inventory_sync")

API_URL = "https://rentals.example.com/api/v1/inventory"
CONDITIONS = {"new", "good", "worn", "repair", "retired"}


def os_label() -> str:
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return "unknown-os"


class InventoryItem:
    def __init__(self, row: dict):
        self.tag = row["tag"].strip()
        self.kind = row["kind"].strip().lower()
        self.size = row.get("size", "").strip()
        self.condition = row.get("condition", "good").strip().lower()
        if self.condition not in CONDITIONS:
            raise ValueError(f"unknown condition {self.condition!r}")
        self.available = row.get("available", "yes").strip().lower() in ("yes", "y", "1", "true")

    def as_dict(self) -> dict:
        return {"tag": self.tag, "kind": self.kind, "size": self.size,
                "condition": self.condition, "available": self.available}


def read_items(stream) -> list:
    items, skipped = [], 0
    for row in csv.DictReader(stream):
        try:
            items.append(InventoryItem(row))
        except (KeyError, ValueError) as exc:
            skipped += 1
            LOG.debug("skipped row %r: %s", row, exc)
    if skipped:
        LOG.warning("%d rows skipped", skipped)
    return items


def post_inventory(payload: dict, api_key: str, timeout: int) -> int:
    body = json.dumps(payload).encode("utf-8")
    req = urllib.request.Request(
        API_URL, data=body, method="POST",
        headers={"Content-Type": "application/json",
                 "Authorization": f"Bearer {api_key}",
                 "User-Agent": f"rental-inventory-sync/1.3 ({os_label()})"},
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def save_copy(payload: dict, path: Path) -> None:
    path.write_text(json.dumps(payload, indent=2), encoding="utf-8")
    os.chmod(path, 0o600)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--shop", default=os.environ.get("RENTAL_SHOP_ID", "base-lodge"))
    p.add_argument("--file", type=Path, default=Path("inventory_export.csv"))
    p.add_argument("--timeout", type=int, default=20)
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not sys.stdin.isatty():
        items = read_items(sys.stdin)
    elif args.file.exists():
        with open(args.file, newline="", encoding="utf-8") as fh:
            items = read_items(fh)
    else:
        LOG.error("no CSV on stdin and %s not found", args.file)
        return 2

    counts = Counter(i.kind for i in items if i.available)
    payload = {"shop": args.shop, "items": [i.as_dict() for i in items],
               "available_by_kind": dict(counts)}
    save_copy(payload, Path(f"last_sync_{args.shop}.json"))
    LOG.info("%d items (%s)", len(items), ", ".join(f"{k}={v}" for k, v in counts.items()))

    if args.dry_run:
        return 0
    api_key = os.environ.get("RENTALS_API_KEY")
    if not api_key:
        LOG.error("RENTALS_API_KEY is not set")
        return 2
    try:
        status = post_inventory(payload, api_key, args.timeout)
    except urllib.error.HTTPError as exc:
        LOG.error("API rejected inventory: %s %s", exc.code, exc.reason)
        return 1
    except urllib.error.URLError as exc:
        LOG.error("API unreachable: %s", exc.reason)
        return 1
    LOG.info("inventory accepted (HTTP %d)", status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
