#!/usr/bin/env python3
"""Unpack dialysis machine log bundles and count alarm codes.

Technicians pull log bundles (.tar.gz) off the machines with a USB stick
and drop them into ./bundles. This tool unpacks each bundle into ./extracted
and counts alarm codes with a grep/sort pipeline so trends across machines
can be compared.
"""
import argparse
import csv
import logging
import os
import subprocess
import sys
import tarfile
from pathlib import Path

LOG = logging.getLogger("bundle_extract")

COUNT_SH = r"""
grep -rhoE 'ALM-[0-9]{3,4}' "$EXTRACT_DIR" 2>/dev/null \
    | sort | uniq -c | sort -rn | head -n "$TOP_N"
"""


class Bundle:
    def __init__(self, path, out_root):
        self.path = Path(path)
        self.name = self.path.name.split(".")[0]
        self.dest = Path(out_root) / self.name

    def extract(self):
        self.dest.mkdir(parents=True, exist_ok=True)
        with tarfile.open(self.path, "r:*") as tar:
            members = tar.getmembers()
            tar.extractall(self.dest)
        LOG.info("%s: %d members extracted to %s", self.path.name, len(members), self.dest)
        return len(members)

    def alarm_counts(self, top_n):
        env = dict(os.environ, EXTRACT_DIR=str(self.dest), TOP_N=str(top_n))
        res = subprocess.run(["bash", "-c", COUNT_SH], env=env,
                             capture_output=True, text=True, timeout=120)
        counts = []
        for line in res.stdout.splitlines():
            parts = line.split()
            if len(parts) == 2 and parts[0].isdigit():
                counts.append((parts[1], int(parts[0])))
        return counts


def write_summary(rows, path):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["bundle", "alarm_code", "count"])
        w.writerows(rows)
    LOG.info("summary written to %s", path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bundles", default="./bundles")
    ap.add_argument("--out", default="./extracted")
    ap.add_argument("--summary", default="./alarm_summary.csv")
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--skip-extract", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    bundle_dir = Path(args.bundles)
    paths = sorted(bundle_dir.glob("*.tar.gz")) + sorted(bundle_dir.glob("*.tgz"))
    if not paths:
        LOG.error("no bundles in %s", bundle_dir)
        return 1

    rows, failed = [], 0
    for p in paths:
        b = Bundle(p, args.out)
        if not args.skip_extract:
            try:
                b.extract()
            except (tarfile.TarError, OSError) as exc:
                LOG.error("%s: cannot extract: %s", p.name, exc)
                failed += 1
                continue
        try:
            counts = b.alarm_counts(args.top)
        except subprocess.TimeoutExpired:
            LOG.warning("%s: alarm count timed out", p.name)
            continue
        for code, n in counts:
            rows.append([b.name, code, n])
        LOG.info("%s: %d distinct alarm codes", b.name, len(counts))

    write_summary(rows, args.summary)
    if failed:
        LOG.warning("%d bundles failed to extract", failed)
    return 1 if failed == len(paths) else 0


if __name__ == "__main__":
    sys.exit(main())
