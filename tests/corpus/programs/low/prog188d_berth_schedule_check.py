#!/usr/bin/env python3
"""Check today's berth allocations against the ops API and flag overlaps."""
import argparse
import hashlib
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

log = logging.getLogger("berth-schedule")

API_BASE = os.environ.get("FERRY_OPS_API", "https://api.ferry-ops.example.com")
CACHE_DIR = Path(".cache") / "berths"
CACHE_TTL = int(os.environ.get("BERTH_CACHE_TTL", "300"))


@dataclass
class Slot:
    berth: str
    vessel: str
    start: datetime
    end: datetime

    @classmethod
    def from_api(cls, item: dict) -> "Slot":
        return cls(item["berth"], item["vessel"],
                   datetime.fromisoformat(item["start"]), datetime.fromisoformat(item["end"]))


def cached(fn):
    def wrapper(url: str):
        key = hashlib.md5(url.encode()).hexdigest()
        path = CACHE_DIR / f"{key}.json"
        if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
            log.debug("cache hit %s", key)
            return json.loads(path.read_text())
        data = fn(url)
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data))
        path.chmod(0o600)
        return data
    return wrapper


@cached
def get_json(url: str):
    req_mod = importlib.import_module("urllib" + ".request")
    req = req_mod.Request(url, headers={"Accept": "application/json"})
    with req_mod.urlopen(req, timeout=15) as resp:
        return json.load(resp)


def overlaps(slots):
    by_berth = {}
    for s in sorted(slots, key=lambda s: (s.berth, s.start)):
        by_berth.setdefault(s.berth, []).append(s)
    for berth, items in by_berth.items():
        for a, b in zip(items, items[1:]):
            if b.start < a.end:
                yield berth, a, b


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--terminal", default=os.environ.get("TERMINAL_CODE", "NTH"))
    ap.add_argument("--date", default=datetime.now().strftime("%Y-%m-%d"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    url = f"{API_BASE}/v1/terminals/{args.terminal}/berths?date={args.date}"
    slots = [Slot.from_api(i) for i in get_json(url).get("slots", [])]
    log.info("%d berth slots on %s", len(slots), args.date)
    problems = 0
    for berth, a, b in overlaps(slots):
        problems += 1
        print(f"OVERLAP berth {berth}: {a.vessel} until {a.end:%H:%M} / {b.vessel} from {b.start:%H:%M}")
    if not problems:
        print("no overlaps")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
