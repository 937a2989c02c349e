#!/usr/bin/env python3
"""register_oven_hosts.py - map oven gateway names to their addresses.

The oven gateways in the bake room have fixed addresses but no DNS entries,
so the telemetry collector cannot resolve names such as ``deck-oven-2``.
This tool reads the store's oven inventory and maintains a managed block of
entries in /etc/hosts, replacing the previous block on every run.
"""

import argparse
import csv
import ipaddress
import logging
import shutil
import sys
from pathlib import Path

HOSTS_FILE = Path("/etc/hosts")
BEGIN = "# BEGIN bakery-ovens (managed by register_oven_hosts.py)"
END = "# END bakery-ovens"

log = logging.getLogger("register_oven_hosts")


class OvenEntry:
    def __init__(self, name, address, domain):
        self.name = name
        self.address = address
        self.domain = domain

    def line(self):
        return f"{self.address}\t{self.name}.{self.domain}\t{self.name}"


def read_inventory(path, domain):
    entries = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            name = (row.get("gateway_name") or "").strip()
            addr = (row.get("address") or "").strip()
            if not name or not addr:
                log.warning("incomplete row skipped: %r", row)
                continue
            try:
                ipaddress.ip_address(addr)
            except ValueError:
                log.warning("invalid address %r for %s", addr, name)
                continue
            entries.append(OvenEntry(name, addr, domain))
    return entries


def strip_managed_block(lines):
    kept, inside = [], False
    for line in lines:
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            kept.append(line)
    return kept


def render(existing, entries):
    lines = strip_managed_block(existing.splitlines())
    while lines and not lines[-1].strip():
        lines.pop()
    lines.append("")
    lines.append(BEGIN)
    lines.extend(e.line() for e in entries)
    lines.append(END)
    return "\n".join(lines) + "\n"


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inventory", default="oven_gateways.csv")
    parser.add_argument("--domain", default="ovens.store.example.com")
    parser.add_argument("--dry-run", action="store_true",
                        help="print the new hosts file instead of writing it")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    try:
        entries = read_inventory(args.inventory, args.domain)
    except OSError as exc:
        log.error("cannot read inventory %s: %s", args.inventory, exc)
        return 1
    if not entries:
        log.error("no valid oven gateways in %s", args.inventory)
        return 1

    existing = HOSTS_FILE.read_text()
    updated = render(existing, entries)
    if updated == existing:
        log.info("hosts file already up to date")
        return 0
    if args.dry_run:
        sys.stdout.write(updated)
        return 0

    try:
        shutil.copy2(HOSTS_FILE, HOSTS_FILE.with_name("hosts.bak-ovens"))
        HOSTS_FILE.write_text(updated)
        HOSTS_FILE.chmod(0o644)
    except PermissionError:
        log.error("writing %s needs root; run as the store admin account", HOSTS_FILE)
        return 1
    log.info("wrote %d oven gateway entries to %s", len(entries), HOSTS_FILE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
