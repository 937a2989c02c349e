#!/usr/bin/env python3
"""Cache parsed timegrapher readings between report runs.

Parsing the raw timegrapher exports is slow on the old bench PCs, so parsed
results are cached in ./.readings_cache keyed by a hash of the export file.
The report header includes the bench CPU model so odd readings can be traced
to a specific machine.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import tempfile
from pathlib import Path

log = logging.getLogger("readings-cache")

CACHE_DIR = Path(".readings_cache")


def cpu_model():
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def cache_key(path):
    # content hash only used to name cache entries
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


def parse_export(path):
    rows = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                rows.append({"position": row["position"], "rate": float(row["rate"]),
                             "amplitude": float(row["amplitude"]),
                             "beat_error": float(row["beat_error"])})
            except (KeyError, ValueError):
                continue
    return rows


def write_cache(key, rows):
    CACHE_DIR.mkdir(exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=CACHE_DIR, suffix=".part")
    try:
        with os.fdopen(fd, "w") as fh:
            json.dump(rows, fh)
        os.chmod(tmp, 0o600)
        os.replace(tmp, CACHE_DIR / f"{key}.json")
    except OSError:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def readings_for(path):
    key = cache_key(path)
    cached = CACHE_DIR / f"{key}.json"
    if cached.exists():
        return json.loads(cached.read_text()), True
    rows = parse_export(path)
    write_cache(key, rows)
    return rows, False


def clear_cache():
    removed = 0
    if CACHE_DIR.is_dir():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
            removed += 1
        for f in CACHE_DIR.glob("*.part"):
            f.unlink()
    log.info("removed %d cache entries", removed)


def report(paths):
    print(f"Bench CPU: {cpu_model()}")
    for p in paths:
        rows, hit = readings_for(p)
        if not rows:
            print(f"{p.name}: no usable rows")
            continue
        rates = [r["rate"] for r in rows]
        amps = [r["amplitude"] for r in rows]
        print(f"{p.name:<30} {'cache' if hit else 'parsed':<7} "
              f"rate {min(rates):+.0f}..{max(rates):+.0f} s/d  "
              f"amp {min(amps):.0f}-{max(amps):.0f}deg  positions {len(rows)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("exports", nargs="*", type=Path)
    ap.add_argument("--clear", action="store_true", help="drop cached entries")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    if args.clear:
        clear_cache()
    if args.exports:
        report(args.exports)


if __name__ == "__main__":
    main()
