#!/usr/bin/env python3
"""Build a device catalog for a Zigbee site from a zigbee2mqtt data dir.

Reads the zigbee2mqtt database (one JSON object per line), joins it with the
supported-devices index published by the fleet team (cached under
.cache/ keyed by URL), and writes catalog.md and catalog.csv listing every
joined device with vendor, model, power source and firmware build, plus
devices whose firmware is older than the index recommends.

    zigbee_device_catalog.py --data ./z2m-data --index https://fleet.example.net/zigbee/index.json
"""
import argparse
import collections
import csv
import hashlib
import json
import logging
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("zb-catalog")

CACHE_DIR = Path(".cache")
CACHE_TTL = 24 * 3600


def cache_path(url):
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".json")


def fetch_index(url, refresh=False):
    path = cache_path(url)
    if path.exists() and not refresh and time.time() - path.stat().st_mtime < CACHE_TTL:
        return json.loads(path.read_text())
    try:
        r = requests.get(url, timeout=20)
        r.raise_for_status()
        data = r.json()
    except (requests.RequestException, ValueError) as exc:
        if path.exists():
            log.warning("index fetch failed (%s), using stale cache", exc)
            return json.loads(path.read_text())
        raise
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_text(json.dumps(data))
    return data


def read_database(data_dir):
    db = Path(data_dir) / "database.db"
    with db.open() as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.strip()
            if not line:
                continue
            try:
                entry = json.loads(line)
            except ValueError:
                log.warning("%s:%d: unparsable line skipped", db, lineno)
                continue
            if entry.get("type") in ("Router", "EndDevice"):
                yield entry


def firmware_key(build):
    return tuple(int(p) if p.isdigit() else 0 for p in str(build or "0").replace("-", ".").split("."))


def build_rows(devices, index):
    by_model = {(d["vendor"], d["model"]): d for d in index.get("devices", [])}
    for dev in devices:
        vendor = dev.get("manufName", "unknown")
        model = dev.get("modelId", "unknown")
        ref = by_model.get((vendor, model), {})
        build = dev.get("swBuildId") or dev.get("dateCode", "")
        rec = ref.get("recommended_build")
        yield {
            "ieee": dev.get("ieeeAddr", ""),
            "vendor": vendor,
            "model": model,
            "description": ref.get("description", ""),
            "power": "battery" if dev.get("powerSource") == "Battery" else "mains",
            "firmware": build,
            "recommended": rec or "",
            "outdated": bool(rec) and firmware_key(build) < firmware_key(rec),
            "supported": bool(ref),
        }


def write_outputs(rows, out_dir):
    out = Path(out_dir)
    out.mkdir(exist_ok=True)
    with (out / "catalog.csv").open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)
    counts = collections.Counter((r["vendor"], r["model"]) for r in rows)
    lines = ["# Zigbee device catalog", "", f"{len(rows)} devices, {len(counts)} models", "",
             "| vendor | model | count |", "|---|---|---|"]
    lines += [f"| {v} | {m} | {n} |" for (v, m), n in counts.most_common()]
    stale = [r for r in rows if r["outdated"]]
    if stale:
        lines += ["", "## Firmware behind recommendation", ""]
        lines += [f"- `{r['ieee']}` {r['model']}: {r['firmware']} < {r['recommended']}" for r in stale]
    unknown = [r for r in rows if not r["supported"]]
    if unknown:
        lines += ["", "## Not in fleet index", ""] + [f"- `{r['ieee']}` {r['vendor']} {r['model']}" for r in unknown]
    (out / "catalog.md").write_text("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default="./z2m-data")
    ap.add_argument("--index", required=True)
    ap.add_argument("--out", default="catalog")
    ap.add_argument("--refresh", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        index = fetch_index(args.index, args.refresh)
        rows = list(build_rows(read_database(args.data), index))
    except (OSError, requests.RequestException, ValueError) as exc:
        log.error("%s", exc)
        return 1
    if not rows:
        log.error("no devices found in %s", args.data)
        return 1
    write_outputs(rows, args.out)
    log.info("catalog written to %s/ (%d devices)", args.out, len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
