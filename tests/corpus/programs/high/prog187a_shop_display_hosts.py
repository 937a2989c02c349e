#!/usr/bin/env python3
"""Point the shop machines at the local booking server.

The window display, the kiosk and the till all look up 'booking.shop.lan'.
This keeps a managed block in /etc/hosts up to date. Run as root.
"""
import argparse
import ipaddress
import logging
import os
import shutil
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("shop_hosts")

HOSTS_FILE = Path("/etc/hosts")
BEGIN = "# BEGIN sharpco shop hosts"
END = "# END sharpco shop hosts"

DEFAULT_ENTRIES = {
    "booking.shop.lan": os.environ.get("BOOKING_SERVER_IP", "192.0.2.10"),
    "display.shop.lan": "192.0.2.21",
    "till.shop.lan": "192.0.2.22",
    "printer.shop.lan": "192.0.2.30",
}


def render_block(entries):
    lines = [BEGIN]
    for name, ip in sorted(entries.items()):
        ipaddress.ip_address(ip)
        lines.append(f"{ip}\t{name}")
    lines.append(END)
    return "\n".join(lines) + "\n"


def strip_block(text):
    out, skipping = [], False
    for line in text.splitlines(keepends=True):
        if line.strip() == BEGIN:
            skipping = True
            continue
        if line.strip() == END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    return "".join(out)


def backup(path):
    stamp = datetime.now().strftime("%Y%m%d%H%M%S")
    dest = path.with_name(path.name + f".bak-{stamp}")
    shutil.copy2(path, dest)
    log.info("backup written to %s", dest)


def apply(entries, remove=False, dry_run=False):
    current = HOSTS_FILE.read_text()
    base = strip_block(current).rstrip("\n") + "\n"
    new = base if remove else base + "\n" + render_block(entries)
    if new == current:
        log.info("hosts file already up to date")
        return
    if dry_run:
        sys.stdout.write(new)
        return
    backup(HOSTS_FILE)
    HOSTS_FILE.write_text(new)
    os.chmod(HOSTS_FILE, 0o644)
    os.chown(HOSTS_FILE, 0, 0)
    log.info("updated %s", HOSTS_FILE)


def main():
    parser = argparse.ArgumentParser(description="Manage shop entries in /etc/hosts")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=IP")
    parser.add_argument("--remove", action="store_true")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    entries = dict(DEFAULT_ENTRIES)
    for item in args.set:
        name, _, ip = item.partition("=")
        entries[name.strip()] = ip.strip()

    if os.geteuid() != 0 and not args.dry_run:
        log.error("must run as root (try: sudo %s)", " ".join(sys.argv))
        return 1
    apply(entries, remove=args.remove, dry_run=args.dry_run)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
