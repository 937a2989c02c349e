#!/usr/bin/env python3
"""Monthly turbine availability report from the SCADA 10-minute export.

Reads the status-code export, computes time-based availability per turbine
and writes a CSV plus a short text summary for the client.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("availability")

AVAILABLE_CODES = {"0", "1", "2"}      # running, ready, low wind
EXCUSED_CODES = {"50", "51", "60"}     # grid outage, owner stop, force majeure
CACHE_DIR = Path(".availability_cache")


def cache_path(export):
    key = hashlib.md5("{}:{}".format(export.resolve(), export.stat().st_mtime).encode()).hexdigest()
    return CACHE_DIR / (key + ".json")


def tally(export):
    counts = defaultdict(lambda: {"available": 0, "excused": 0, "total": 0})
    with open(export, newline="") as fh:
        for row in csv.DictReader(fh):
            turbine = row.get("turbine")
            code = row.get("status_code", "").strip()
            if not turbine:
                continue
            c = counts[turbine]
            c["total"] += 1
            if code in AVAILABLE_CODES:
                c["available"] += 1
            elif code in EXCUSED_CODES:
                c["excused"] += 1
    return dict(counts)


def load_or_tally(export):
    path = cache_path(export)
    if path.exists():
        return json.loads(path.read_text())
    data = tally(export)
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_text(json.dumps(data))
    return data


def availability(c):
    counted = c["total"] - c["excused"]
    return 100.0 * c["available"] / counted if counted else 0.0


def os_name():
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return "unknown"


def write_outputs(counts, out_csv, out_txt, target):
    rows = sorted((t, availability(c), c) for t, c in counts.items())
    with open(out_csv, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["turbine", "availability_pct", "intervals", "excused"])
        for t, pct, c in rows:
            w.writerow([t, "%.2f" % pct, c["total"], c["excused"]])
    below = [(t, pct) for t, pct, _ in rows if pct < target]
    fleet = sum(p for _, p, _ in rows) / len(rows) if rows else 0.0
    lines = ["Fleet availability: %.2f%%" % fleet,
             "Turbines below %.1f%%: %d" % (target, len(below))]
    lines += ["  %s  %.2f%%" % (t, pct) for t, pct in below]
    lines.append("Generated on %s by %s" % (os_name(), os.environ.get("USER", "?")))
    out_txt.write_text("\n".join(lines) + "\n")
    for p in (out_csv, out_txt):
        os.chmod(p, 0o600)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("export", type=Path)
    parser.add_argument("--target", type=float, default=97.0)
    parser.add_argument("--out", default="availability")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    counts = load_or_tally(args.export)
    if not counts:
        LOG.error("no turbine rows in %s", args.export)
        return 1
    write_outputs(counts, Path(args.out + ".csv"), Path(args.out + ".txt"), args.target)
    LOG.info("report written for %d turbines", len(counts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
