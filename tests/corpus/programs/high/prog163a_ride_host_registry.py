#!/usr/bin/env python3
"""Keep /etc/hosts on the site office box in step with the ride layout.

Every ground has a different layout, so the ride controllers get new LAN
addresses at each build-up. The crew chief edits rides.csv and this tool
rewrites the managed block of /etc/hosts so everyone can use ride names.
"""
import argparse
import csv
import ipaddress
import logging
import os
import shutil
import sys
import time
from pathlib import Path

LOG = logging.getLogger("ride-hosts")

HOSTS_FILE = Path("/etc/hosts")
BEGIN = "# >>> ride-layout >>>"
END = "# <<< ride-layout <<<"
DOMAIN = "rides.fair.example"


def read_layout(path):
    entries = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            name = row["ride"].strip().lower().replace(" ", "-")
            try:
                addr = ipaddress.ip_address(row["address"].strip())
            except ValueError:
                LOG.error("bad address for %s: %r", name, row["address"])
                continue
            entries.append((str(addr), name))
    return entries


def render_block(entries, site):
    lines = [BEGIN, "# site: %s  updated %s" % (site, time.strftime("%Y-%m-%d %H:%M"))]
    for addr, name in sorted(entries, key=lambda e: ipaddress.ip_address(e[0])):
        lines.append("%-16s %s.%s %s" % (addr, name, DOMAIN, name))
    lines.append(END)
    return lines


def merge(existing, block):
    out, inside = [], False
    for line in existing:
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    while out and not out[-1].strip():
        out.pop()
    return out + [""] + block + [""]


def write_hosts(lines, dry_run):
    text = "\n".join(lines)
    if dry_run:
        sys.stdout.write(text)
        return
    backup = HOSTS_FILE.with_name("hosts.ride-backup")
    shutil.copy2(HOSTS_FILE, backup)
    tmp = HOSTS_FILE.with_name(".hosts.ride-new")
    tmp.write_text(text)
    os.chmod(tmp, 0o644)
    os.chown(tmp, 0, 0)
    os.replace(tmp, HOSTS_FILE)
    LOG.info("updated %s (backup at %s)", HOSTS_FILE, backup)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("layout", help="rides.csv with ride,address columns")
    ap.add_argument("--site", default=os.environ.get("SITE_NAME", "unnamed"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    entries = read_layout(args.layout)
    if not entries:
        LOG.error("no usable rows in %s", args.layout)
        return 1
    if not args.dry_run and os.geteuid() != 0:
        LOG.error("needs root to write %s; run with sudo", HOSTS_FILE)
        return 1
    existing = HOSTS_FILE.read_text().splitlines()
    write_hosts(merge(existing, render_block(entries, args.site)), args.dry_run)
    return 0


if __name__ == "__main__":
    sys.exit(main())
