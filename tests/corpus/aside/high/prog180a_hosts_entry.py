#!/usr/bin/env python3
"""Point the staff laptops at the office job server by name.

Adds (or updates) a managed block in /etc/hosts so that
jobs.ashgrove.internal resolves to the office server even when the
laptop is on the van's mobile hotspot and VPN.
"""
import argparse
import ipaddress
import logging
import os
import shutil
import sys
from pathlib import Path

log = logging.getLogger("hosts_entry")

HOSTS = Path("/etc/hosts")
BEGIN = "# BEGIN ashgrove-sweeps"
END = "# END ashgrove-sweeps"

DEFAULT_ENTRIES = {
    "jobs.ashgrove.internal": "198.51.100.10",
    "files.ashgrove.internal": "198.51.100.11",
    "print.ashgrove.internal": "198.51.100.12",
}


def build_block(entries):
    lines = [BEGIN]
    for name, addr in sorted(entries.items()):
        ipaddress.ip_address(addr)  # validate
        lines.append(f"{addr}\t{name}")
    lines.append(END)
    return "\n".join(lines) + "\n"


def strip_block(text):
    out, inside = [], False
    for line in text.splitlines(keepends=True):
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    return "".join(out)


def ensure_root():
    if os.geteuid() != 0:
        log.info("need root to edit %s, asking sudo", HOSTS)
        os.execvp("sudo", ["sudo", "-E", sys.executable, os.path.abspath(__file__), *sys.argv[1:]])


def main():
    parser = argparse.ArgumentParser(description="Manage office host entries")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=IP")
    parser.add_argument("--remove", action="store_true", help="remove the managed block")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    entries = dict(DEFAULT_ENTRIES)
    for item in args.set:
        name, _, addr = item.partition("=")
        entries[name.strip()] = addr.strip()

    current = HOSTS.read_text()
    new_text = strip_block(current)
    if not args.remove:
        if not new_text.endswith("\n"):
            new_text += "\n"
        new_text += build_block(entries)

    if args.dry_run:
        print(new_text)
        return 0

    if new_text == current:
        log.info("no change needed")
        return 0

    ensure_root()
    shutil.copy2(HOSTS, HOSTS.with_name("hosts.ashgrove.bak"))
    HOSTS.write_text(new_text)
    os.chmod(HOSTS, 0o644)
    log.info("updated %s (%d entries)", HOSTS, 0 if args.remove else len(entries))
    return 0


if __name__ == "__main__":
    sys.exit(main())
