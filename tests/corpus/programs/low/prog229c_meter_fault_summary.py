#!/usr/bin/env python3
"""Summarise meter fault events for the field maintenance crew.

Reads JSON-lines fault logs exported by the meter management console from a
directory in the working tree, joins them with the public meter registry,
and writes a CSV summary plus a small KEY=VALUE file that the crew's
dispatch shell script reads on its next run.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from collections import Counter, defaultdict
from pathlib import Path

REGISTRY_URL = "https://registry.example.net/api/meters?format=json"
SEVERITY = {"coin_jam": 2, "printer_out": 1, "card_reader": 3,
            "solar_low": 1, "door_open": 3, "comm_lost": 2}

log = logging.getLogger("fault_summary")


class Registry:
    """Meter registry with a small on-disk cache keyed by URL hash."""

    def __init__(self, url, cache_dir, timeout):
        self.url = url
        self.timeout = timeout
        key = hashlib.md5(url.encode()).hexdigest()
        self.cache_file = Path(cache_dir) / f"registry_{key}.json"
        self.meters = {}

    def load(self, offline=False):
        if not offline:
            try:
                with urllib.request.urlopen(self.url, timeout=self.timeout) as resp:
                    data = json.load(resp)
                self.cache_file.parent.mkdir(parents=True, exist_ok=True)
                self.cache_file.write_text(json.dumps(data))
                log.info("registry refreshed: %d meters", len(data))
            except (urllib.error.URLError, ValueError, OSError) as exc:
                log.warning("registry fetch failed (%s); trying cache", exc)
                data = None
        else:
            data = None
        if data is None:
            if not self.cache_file.exists():
                log.warning("no registry cache; locations will be blank")
                return
            data = json.loads(self.cache_file.read_text())
        self.meters = {m["meter_id"]: m for m in data}

    def location(self, meter_id):
        m = self.meters.get(meter_id, {})
        return m.get("street", ""), m.get("zone", "")


def read_faults(log_dir):
    for path in sorted(Path(log_dir).glob("faults_*.jsonl")):
        with path.open() as fh:
            for lineno, line in enumerate(fh, 1):
                line = line.strip()
                if not line:
                    continue
                try:
                    yield json.loads(line)
                except json.JSONDecodeError:
                    log.debug("%s:%d unparsable", path.name, lineno)


def os_release_name():
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return "unknown"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--logs", default="fault_logs")
    ap.add_argument("--out", default="fault_summary.csv")
    ap.add_argument("--dispatch-env", default="dispatch.env")
    ap.add_argument("--cache", default=".cache")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--offline", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not Path(args.logs).is_dir():
        log.error("log directory %s not found", args.logs)
        return 1

    registry = Registry(REGISTRY_URL, args.cache, args.timeout)
    registry.load(offline=args.offline)

    per_meter = defaultdict(Counter)
    for event in read_faults(args.logs):
        meter_id = event.get("meter_id")
        kind = event.get("fault")
        if meter_id and kind:
            per_meter[meter_id][kind] += 1

    rows = []
    for meter_id, faults in per_meter.items():
        score = sum(SEVERITY.get(k, 1) * n for k, n in faults.items())
        street, zone = registry.location(meter_id)
        rows.append({"meter_id": meter_id, "zone": zone, "street": street,
                     "score": score, "faults": ";".join(f"{k}x{n}" for k, n in faults.most_common())})
    rows.sort(key=lambda r: r["score"], reverse=True)

    with open(args.out, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["meter_id", "zone", "street", "score", "faults"])
        writer.writeheader()
        writer.writerows(rows)
    os.chmod(args.out, 0o600)
    log.info("wrote %d meters to %s", len(rows), args.out)

    # Hand the top priorities to the dispatch shell script via a KEY=VALUE file.
    urgent = [r["meter_id"] for r in rows if r["score"] >= 6][:20]
    with open(args.dispatch_env, "w") as fh:
        fh.write(f"FAULT_SUMMARY_CSV={args.out}\n")
        fh.write(f"URGENT_METERS={','.join(urgent)}\n")
        fh.write(f"GENERATED_ON={os_release_name().replace(' ', '_')}\n")
    os.chmod(args.dispatch_env, 0o600)
    log.info("%d urgent meters handed to dispatch", len(urgent))
    return 0


if __name__ == "__main__":
    sys.exit(main())
