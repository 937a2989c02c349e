#!/usr/bin/env python3
"""Import dive-computer exports and build per-dive profile statistics.

The download software exports one JSON file per dive; the depth samples
are packed as base64-encoded little-endian uint16 centimetre values. This
tool decodes them, computes max depth, average depth, ascent-rate
violations and safety-stop compliance, and writes a CSV for the logbook.
"""
import argparse
import base64
import csv
import json
import logging
import os
import platform
import shutil
import struct
from pathlib import Path

LOG = logging.getLogger("profile_import")

BUILD_DIR = Path("build")
MAX_ASCENT_M_MIN = 10.0


def host_info():
    """Short host description for the report header."""
    name = platform.system()
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    name = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    model = "unknown cpu"
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{name} / {model}"


def decode_samples(blob):
    raw = base64.b64decode(blob)
    count = len(raw) // 2
    return [v / 100.0 for v in struct.unpack(f"<{count}H", raw[: count * 2])]


def analyse(depths, interval_s):
    if not depths:
        return None
    violations = 0
    for prev, cur in zip(depths, depths[1:]):
        rate = (prev - cur) * 60.0 / interval_s
        if rate > MAX_ASCENT_M_MIN:
            violations += 1
    stop_samples = sum(1 for d in depths if 3.0 <= d <= 6.0)
    return {
        "max_depth_m": round(max(depths), 1),
        "avg_depth_m": round(sum(depths) / len(depths), 1),
        "duration_min": round(len(depths) * interval_s / 60.0, 1),
        "ascent_violations": violations,
        "safety_stop": stop_samples * interval_s >= 180,
    }


def import_folder(src):
    results = []
    for path in sorted(Path(src).glob("*.json")):
        try:
            dive = json.loads(path.read_text())
            depths = decode_samples(dive["samples"])
        except (ValueError, KeyError, struct.error) as exc:
            LOG.warning("skipping %s: %s", path.name, exc)
            continue
        stats = analyse(depths, dive.get("interval_s", 10))
        if stats:
            results.append({"file": path.name, "diver": dive.get("diver", ""), **stats})
    return results


def write_csv(rows, out):
    out.parent.mkdir(parents=True, exist_ok=True)
    if not rows:
        LOG.info("no dives to write")
        return
    with open(out, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    LOG.info("wrote %d dives to %s", len(rows), out)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("src", help="folder with exported dive JSON files")
    parser.add_argument("--clean", action="store_true", help="remove previous build output first")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clean and BUILD_DIR.exists():
        shutil.rmtree(BUILD_DIR)
        LOG.info("removed old %s", BUILD_DIR)
    LOG.info("host: %s, %d cpus", host_info(), os.cpu_count() or 1)
    rows = import_folder(args.src)
    write_csv(rows, BUILD_DIR / "profiles.csv")
    flagged = [r for r in rows if r["ascent_violations"] or not r["safety_stop"]]
    for r in flagged:
        LOG.warning("%s (%s): %d fast ascents, safety stop %s", r["file"], r["diver"],
                    r["ascent_violations"], "ok" if r["safety_stop"] else "missed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
