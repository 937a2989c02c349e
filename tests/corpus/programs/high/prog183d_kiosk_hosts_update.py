#!/usr/bin/env python3
"""Pin the showroom kiosk's local names in /etc/hosts.

The bridal showroom kiosk shows the bouquet catalogue and the booking form.
The shop router's DNS is unreliable, so the kiosk gets fixed entries for the
in-shop services. Must be run as root (the kiosk runs it from its setup menu).
"""
import argparse
import logging
import os
import shutil
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("kiosk-hosts")

HOSTS = Path("/etc/hosts")
BEGIN = "# BEGIN petalveil-kiosk"
END = "# END petalveil-kiosk"

DEFAULT_ENTRIES = {
    "catalogue.shop.internal": "192.0.2.10",
    "booking.shop.internal": "192.0.2.11",
    "printer.shop.internal": "192.0.2.30",
    "nas.shop.internal": "192.0.2.20",
}


def parse_extra(pairs):
    entries = {}
    for pair in pairs:
        if "=" not in pair:
            raise ValueError(f"bad entry {pair!r}, expected name=ip")
        name, ip = pair.split("=", 1)
        entries[name.strip()] = ip.strip()
    return entries


def strip_block(lines):
    out, inside = [], False
    for line in lines:
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    return out


def build_block(entries):
    block = [BEGIN + "\n"]
    for name, ip in sorted(entries.items()):
        block.append(f"{ip}\t{name}\n")
    block.append(END + "\n")
    return block


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--add", action="append", default=[], metavar="NAME=IP")
    ap.add_argument("--remove", action="store_true", help="remove the kiosk block")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("run this as root (sudo %s)", " ".join(sys.argv))
        return 1

    entries = dict(DEFAULT_ENTRIES)
    entries.update(parse_extra(args.add))

    current = HOSTS.read_text().splitlines(keepends=True)
    new_lines = strip_block(current)
    if new_lines and not new_lines[-1].endswith("\n"):
        new_lines[-1] += "\n"
    if not args.remove:
        new_lines += build_block(entries)

    if args.dry_run:
        sys.stdout.writelines(new_lines)
        return 0

    backup = HOSTS.with_name(f"hosts.pv-{datetime.now():%Y%m%d%H%M%S}")
    shutil.copy2(HOSTS, backup)
    log.info("backup written to %s", backup)

    tmp = HOSTS.with_name("hosts.pv-tmp")
    tmp.write_text("".join(new_lines))
    os.chmod(tmp, 0o644)
    os.chown(tmp, 0, 0)
    os.replace(tmp, HOSTS)
    log.info("%s updated with %d kiosk entries", HOSTS, 0 if args.remove else len(entries))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
