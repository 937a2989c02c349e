#!/usr/bin/env python3
"""fids_hosts_sync.py - keep the FIDS display host entries in /etc/hosts.

The display controllers resolve the gate and carousel screens by name, but
the display VLAN has no DNS.  The inventory of screens lives in
displays.csv (name, address, location).  This tool rewrites a managed block
in /etc/hosts from that inventory, leaving every other line untouched.
"""

import argparse
import csv
import ipaddress
import logging
import os
import shutil
import sys
from pathlib import Path

LOG = logging.getLogger("fids-hosts")

BEGIN = "# BEGIN FIDS DISPLAYS (managed by fids_hosts_sync.py)"
END = "# END FIDS DISPLAYS"


class DisplayInventory:
    def __init__(self, path, domain):
        self.path = Path(path)
        self.domain = domain
        self.entries = []

    def load(self):
        with self.path.open(newline="") as handle:
            for lineno, row in enumerate(csv.DictReader(handle), start=2):
                name = (row.get("name") or "").strip().lower()
                addr = (row.get("address") or "").strip()
                location = (row.get("location") or "").strip()
                try:
                    ipaddress.ip_address(addr)
                except ValueError:
                    LOG.warning("line %d: bad address %r for %s, skipped", lineno, addr, name)
                    continue
                if not name:
                    LOG.warning("line %d: missing name, skipped", lineno)
                    continue
                self.entries.append((addr, name, location))
        LOG.info("%d displays in inventory", len(self.entries))

    def block(self):
        lines = [BEGIN]
        for addr, name, location in sorted(self.entries):
            fqdn = f"{name}.{self.domain}"
            comment = f"  # {location}" if location else ""
            lines.append(f"{addr}\t{fqdn} {name}{comment}")
        lines.append(END)
        return lines


def merge(existing, block):
    out, inside, replaced = [], False, False
    for line in existing:
        if line.strip() == BEGIN:
            inside = True
            out.extend(block)
            replaced = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    if not replaced:
        out.append("")
        out.extend(block)
    return out


def write_hosts(hosts_path, lines, backup=True):
    hosts_path = Path(hosts_path)
    if backup and hosts_path.exists():
        shutil.copy2(hosts_path, hosts_path.with_name(hosts_path.name + ".bak"))
    tmp = hosts_path.with_name(hosts_path.name + ".fids-new")
    tmp.write_text("\n".join(lines).rstrip("\n") + "\n")
    os.chmod(tmp, 0o644)
    os.replace(tmp, hosts_path)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inventory", default="./displays.csv")
    parser.add_argument("--domain", default="fids.example.com")
    parser.add_argument("--hosts", default="/etc/hosts")
    parser.add_argument("--no-backup", action="store_true")
    parser.add_argument("--check", action="store_true",
                        help="only show whether /etc/hosts is up to date")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    inventory = DisplayInventory(args.inventory, args.domain)
    try:
        inventory.load()
        current = Path(args.hosts).read_text().splitlines()
    except OSError as exc:
        LOG.error("%s", exc)
        return 1

    updated = merge(current, inventory.block())
    if updated == current:
        LOG.info("%s already up to date", args.hosts)
        return 0
    if args.check:
        LOG.info("%s needs an update", args.hosts)
        return 3
    try:
        write_hosts(args.hosts, updated, backup=not args.no_backup)
    except PermissionError:
        LOG.error("no permission to write %s, run as the display admin", args.hosts)
        return 1
    LOG.info("%s updated with %d display entries", args.hosts, len(inventory.entries))
    return 0


if __name__ == "__main__":
    sys.exit(main())
