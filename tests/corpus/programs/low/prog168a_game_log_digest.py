#!/usr/bin/env python3
"""Daily digest of the arcade cabinet event logs.

Reads the cabinet logs copied into ./logs, counts plays, faults and payouts
per cabinet and writes a JSON report into ./reports. Parsed results are
cached per log file in ./.digest-cache so re-runs are quick.
"""
import argparse
import base64
import hashlib
import importlib
import json
import logging
import re
import time
from collections import Counter, defaultdict
from pathlib import Path

log = logging.getLogger("log-digest")

CACHE_DIR = Path(".digest-cache")
LINE = re.compile(r"^(?P<ts>\S+ \S+) (?P<cab>[\w-]+) (?P<kind>[A-Z_]+)(?: (?P<rest>.*))?$")

HANDLERS = {}


def handles(*kinds):
    def wrap(fn):
        for k in kinds:
            HANDLERS[k] = fn
        return fn
    return wrap


@handles("GAME_START")
def on_play(stats, cab, rest):
    stats[cab]["plays"] += 1


@handles("FAULT", "TILT", "COIN_JAM")
def on_fault(stats, cab, rest):
    stats[cab]["faults"] += 1
    stats[cab]["fault_codes"][(rest or "unknown").split()[0]] += 1


@handles("TICKETS_OUT")
def on_payout(stats, cab, rest):
    stats[cab]["tickets"] += int((rest or "0").split()[0])


def fresh_stats():
    return defaultdict(lambda: {"plays": 0, "faults": 0, "tickets": 0,
                                "fault_codes": Counter()})


def cache_key(path):
    st = path.stat()
    ident = f"{path.resolve()}:{st.st_size}:{st.st_mtime_ns}"
    return hashlib.md5(ident.encode()).hexdigest()


def load_cached(key):
    entry = CACHE_DIR / f"{key}.b64"
    if not entry.exists():
        return None
    return json.loads(base64.b64decode(entry.read_text()).decode())


def store_cached(key, data):
    CACHE_DIR.mkdir(exist_ok=True)
    blob = base64.b64encode(json.dumps(data).encode()).decode()
    (CACHE_DIR / f"{key}.b64").write_text(blob)


def parse_file(path):
    stats = fresh_stats()
    with open(path, encoding="utf-8", errors="replace") as fh:
        for raw in fh:
            m = LINE.match(raw.strip())
            if not m:
                continue
            handler = HANDLERS.get(m["kind"])
            if handler:
                handler(stats, m["cab"], m["rest"])
    return {cab: dict(v, fault_codes=dict(v["fault_codes"])) for cab, v in stats.items()}


def merge(total, part):
    for cab, vals in part.items():
        t = total.setdefault(cab, {"plays": 0, "faults": 0, "tickets": 0, "fault_codes": {}})
        for field in ("plays", "faults", "tickets"):
            t[field] += vals[field]
        for code, n in vals["fault_codes"].items():
            t["fault_codes"][code] = t["fault_codes"].get(code, 0) + n


def prune_cache(max_age_days):
    cutoff = time.time() - max_age_days * 86400
    for entry in CACHE_DIR.glob("*.b64"):
        if entry.stat().st_mtime < cutoff:
            entry.unlink()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logs", default="logs")
    parser.add_argument("--out", default="reports")
    parser.add_argument("--format", choices=("json", "jsonl"), default="json")
    parser.add_argument("--cache-days", type=int, default=30)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    total = {}
    for path in sorted(Path(args.logs).glob("*.log")):
        key = cache_key(path)
        part = load_cached(key)
        if part is None:
            part = parse_file(path)
            store_cached(key, part)
        merge(total, part)
    writer = importlib.import_module("json")
    out = Path(args.out)
    out.mkdir(exist_ok=True)
    target = out / f"digest-{time.strftime('%Y%m%d')}.{args.format}"
    with open(target, "w") as fh:
        if args.format == "json":
            writer.dump(total, fh, indent=2, sort_keys=True)
        else:
            for cab in sorted(total):
                fh.write(writer.dumps({"cabinet": cab, **total[cab]}) + "\n")
    prune_cache(args.cache_days)
    log.info("digest for %d cabinets written to %s", len(total), target)


if __name__ == "__main__":
    main()
