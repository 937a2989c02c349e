#!/usr/bin/env python3
"""Drug interaction checker with a cached lookup table.

Reads the weekly drug-interaction export (CSV), trims it with a small awk
step run through bash, and keeps the parsed table in a pickle cache so the
fill station can check new fills against a patient's active meds quickly.
"""
import argparse
import logging
import os
import pickle
import subprocess
import sys
import time
from collections import defaultdict

LOG = logging.getLogger("interactions")

CACHE_PATH = "/tmp/rx_interactions.pkl"

TRIM_STEP = r"""
awk -F',' -v min="$MIN_SEVERITY" 'NR > 1 && $3 >= min { print tolower($1) "|" tolower($2) "|" $3 "|" $4 }' "$EXPORT_CSV"
"""


class InteractionTable:
    def __init__(self):
        self.pairs = defaultdict(dict)
        self.built = time.time()

    def add(self, a, b, severity, note):
        self.pairs[a][b] = (severity, note)
        self.pairs[b][a] = (severity, note)

    def check(self, drug, active):
        drug = drug.lower()
        hits = []
        for other in active:
            found = self.pairs.get(drug, {}).get(other.lower())
            if found:
                hits.append((other, *found))
        return sorted(hits, key=lambda h: -h[1])


def build_table(export_csv, min_severity):
    env = dict(os.environ, EXPORT_CSV=export_csv, MIN_SEVERITY=str(min_severity))
    proc = subprocess.Popen(["bash", "-c", TRIM_STEP], env=env,
                            stdout=subprocess.PIPE, text=True)
    table = InteractionTable()
    count = 0
    for line in proc.stdout:
        parts = line.rstrip("\n").split("|", 3)
        if len(parts) != 4:
            continue
        try:
            table.add(parts[0], parts[1], int(parts[2]), parts[3])
            count += 1
        except ValueError:
            continue
    if proc.wait() != 0:
        raise RuntimeError("trim step failed")
    LOG.info("built table with %d interactions", count)
    return table


def load_table(export_csv, min_severity, refresh):
    if not refresh and os.path.exists(CACHE_PATH):
        if os.path.getmtime(CACHE_PATH) >= os.path.getmtime(export_csv):
            with open(CACHE_PATH, "rb") as fh:
                LOG.info("using cache %s", CACHE_PATH)
                return pickle.load(fh)
    table = build_table(export_csv, min_severity)
    with open(CACHE_PATH, "wb") as fh:
        pickle.dump(table, fh)
    return table


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("drug", help="drug being filled")
    parser.add_argument("active", nargs="*", help="patient's active medications")
    parser.add_argument("--export", default="./interactions_export.csv")
    parser.add_argument("--min-severity", type=int, default=2)
    parser.add_argument("--refresh", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.exists(args.export):
        LOG.error("export %s not found", args.export)
        return 1
    try:
        table = load_table(args.export, args.min_severity, args.refresh)
    except (RuntimeError, pickle.UnpicklingError, EOFError) as exc:
        LOG.error("could not load interactions: %s", exc)
        return 1

    hits = table.check(args.drug, args.active)
    if not hits:
        print(f"No interactions found for {args.drug}.")
        return 0
    for other, severity, note in hits:
        flag = "STOP" if severity >= 4 else "WARN"
        print(f"[{flag}] {args.drug} + {other}: severity {severity} - {note}")
    return 3 if any(h[1] >= 4 for h in hits) else 0


if __name__ == "__main__":
    sys.exit(main())
