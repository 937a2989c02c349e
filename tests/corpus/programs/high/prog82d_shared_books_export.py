#!/usr/bin/env python3
"""Export quarterly books into the shared accountant area.

Turns the ledger (ledger.csv) into one CSV per category plus a summary for
the requested quarter and drops them into /srv/shared/accounts/<client>/,
which the accountant's team reads through the office file server.  Files are
written with the 'bookkeeping' group as their primary group so the whole
team can open them, whatever the exporting user's own groups are.

    shared_books_export.py --client studio-nord --quarter 2024-Q2
"""
import argparse
import csv
import ctypes
import ctypes.util
import datetime as dt
import grp
import logging
import os
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("books-export")

SHARED_ROOT = Path(os.environ.get("BOOKS_SHARED_ROOT", "/srv/shared/accounts"))
SHARED_GROUP = os.environ.get("BOOKS_GROUP", "bookkeeping")


class GroupContext:
    """Switches the process' group identity to the shared bookkeeping group."""

    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def __init__(self, group_name):
        self.gid = grp.getgrnam(group_name).gr_gid

    def enter(self):
        gids = (ctypes.c_uint * 1)(self.gid)
        if self._libc.setgroups(1, gids) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"setgroups: {os.strerror(err)}")
        if self._libc.setresgid(self.gid, self.gid, self.gid) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"setresgid: {os.strerror(err)}")
        os.umask(0o007)
        log.debug("now running with gid %d", os.getgid())


def quarter_bounds(label):
    year, q = label.upper().split("-Q")
    year, q = int(year), int(q)
    start = dt.date(year, 3 * (q - 1) + 1, 1)
    end_month = start.month + 3
    end = dt.date(year + (end_month > 12), (end_month - 1) % 12 + 1, 1) - dt.timedelta(days=1)
    return start, end


def read_ledger(path, start, end):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                when = dt.date.fromisoformat(row["date"])
            except (KeyError, ValueError):
                continue
            if start <= when <= end:
                yield row


def write_exports(rows, dest, label):
    by_category = defaultdict(list)
    for row in rows:
        by_category[row.get("category") or "Uncategorised"].append(row)
    dest.mkdir(parents=True, exist_ok=True)
    summary = []
    for category, items in sorted(by_category.items()):
        fname = dest / f"{label}_{category.lower().replace(' ', '_').replace('&', 'and')}.csv"
        with open(fname, "w", newline="", encoding="utf-8") as out:
            writer = csv.DictWriter(out, fieldnames=list(items[0].keys()))
            writer.writeheader()
            writer.writerows(items)
        total = sum(float(i.get("amount", 0) or 0) for i in items)
        summary.append((category, len(items), total))
    with open(dest / f"{label}_summary.csv", "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["category", "entries", "total"])
        for category, n, total in summary:
            writer.writerow([category, n, f"{total:.2f}"])
    return summary


def main(argv=None):
    parser = argparse.ArgumentParser(description="Export a quarter to the shared area")
    parser.add_argument("--client", required=True)
    parser.add_argument("--quarter", required=True, help="e.g. 2024-Q2")
    parser.add_argument("--ledger", type=Path, default=Path("ledger.csv"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        start, end = quarter_bounds(args.quarter)
    except ValueError:
        log.error("quarter must look like 2024-Q2")
        return 2

    rows = list(read_ledger(args.ledger, start, end))
    if not rows:
        log.warning("no ledger entries between %s and %s", start, end)
        return 1

    try:
        GroupContext(SHARED_GROUP).enter()
    except (KeyError, OSError) as exc:
        log.error("cannot switch to group %s: %s", SHARED_GROUP, exc)
        return 1

    dest = SHARED_ROOT / args.client / args.quarter.upper()
    for category, n, total in write_exports(rows, dest, args.quarter.upper()):
        log.info("%-28s %4d  %10.2f", category, n, total)
    log.info("exported to %s", dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
