#!/usr/bin/env python3
"""Engine and lift-fan running hours summary.

Reads the per-craft engine logs exported from the maintenance system into
./engine_logs, totals running hours per unit, flags units due for service
and writes a JSON summary for the maintenance planner.
"""

import argparse
import base64
import csv
import hashlib
import json
import logging
import os
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

log = logging.getLogger("engine_hours")

LOG_DIR = Path(os.environ.get("ENGINE_LOG_DIR", "engine_logs"))
CACHE_DIR = Path(".cache/engine_hours")
SERVICE_INTERVALS = {"gas_turbine": 500.0, "lift_fan": 750.0, "propeller": 1000.0}

_AGGREGATORS = {}


def aggregator(name):
    def register(fn):
        _AGGREGATORS[name] = fn
        return fn
    return register


@aggregator("hours")
def total_hours(rows):
    return round(sum(float(r["run_hours"]) for r in rows), 1)


@aggregator("starts")
def total_starts(rows):
    return sum(int(r.get("starts", 0) or 0) for r in rows)


@aggregator("last_seen")
def last_seen(rows):
    return max((r["date"] for r in rows), default=None)


def cpu_count():
    try:
        text = Path("/proc/cpuinfo").read_text()
        return max(1, text.count("processor\t:"))
    except OSError:
        return os.cpu_count() or 1


def cache_key(path):
    st = path.stat()
    raw = f"{path.resolve()}:{st.st_size}:{st.st_mtime_ns}".encode()
    return hashlib.md5(raw).hexdigest()


def summarise_file(path):
    key = cache_key(path)
    cached = CACHE_DIR / f"{key}.json"
    if cached.exists():
        return json.loads(cached.read_text())
    units = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            units.setdefault((row["craft"], row["unit"], row["kind"]), []).append(row)
    result = []
    for (craft, unit, kind), rows in units.items():
        entry = {"craft": craft, "unit": unit, "kind": kind}
        for name, fn in _AGGREGATORS.items():
            entry[name] = fn(rows)
        result.append(entry)
    cached.write_text(json.dumps(result))
    return result


def prune_cache(max_age_days):
    cutoff = time.time() - max_age_days * 86400
    removed = 0
    for item in CACHE_DIR.glob("*.json"):
        if item.stat().st_mtime < cutoff:
            item.unlink()
            removed += 1
    return removed


def flag_due(entries, since_service):
    for e in entries:
        limit = SERVICE_INTERVALS.get(e["kind"])
        done = since_service.get(f"{e['craft']}/{e['unit']}", 0.0)
        e["hours_since_service"] = round(e["hours"] - done, 1)
        e["due"] = limit is not None and e["hours_since_service"] >= limit
    return entries


def main():
    parser = argparse.ArgumentParser(description="engine hours summary")
    parser.add_argument("--out", default="engine_hours_summary.json")
    parser.add_argument("--service-file", default="last_service.json")
    parser.add_argument("--cache-days", type=int, default=30)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    files = sorted(LOG_DIR.glob("*.csv"))
    if not files:
        log.error("no logs in %s", LOG_DIR)
        return 1

    with ThreadPoolExecutor(max_workers=cpu_count()) as pool:
        entries = [e for part in pool.map(summarise_file, files) for e in part]

    service_path = Path(args.service_file)
    since = json.loads(service_path.read_text()) if service_path.exists() else {}
    entries = flag_due(entries, since)
    table = "\n".join(f"{e['craft']},{e['unit']},{e['hours']}" for e in entries)

    report = {
        "generated": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "units": entries,
        "due": [f"{e['craft']}/{e['unit']}" for e in entries if e["due"]],
        "table_b64": base64.b64encode(table.encode()).decode(),
    }
    out = Path(args.out)
    out.write_text(json.dumps(report, indent=2))
    os.chmod(out, 0o600)
    log.info("%d units, %d due, %d stale cache files removed",
             len(entries), len(report["due"]), prune_cache(args.cache_days))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
