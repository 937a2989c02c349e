#!/usr/bin/env python3
"""Pin the warehouse printers' names in /etc/hosts.

The warehouse VLAN has no local DNS, so the intake PCs find the pallet
label printer and the receipt printer through static /etc/hosts entries.
This tool adds or updates those entries from printers.json (in the working
directory) inside a managed block, keeping a copy of the previous file.
"""
import argparse
import ipaddress
import json
import logging
import os
import shutil
import sys
import time
from pathlib import Path

HOSTS_FILE = Path("/etc/hosts")
BEGIN = "# BEGIN foodbank printers"
END = "# END foodbank printers"

log = logging.getLogger("printer_hosts")


class PrinterEntry:
    def __init__(self, name, address):
        self.name = name.strip().lower()
        self.address = str(ipaddress.ip_address(address))

    def line(self):
        return f"{self.address}\t{self.name}"


def load_printers(path: Path):
    data = json.loads(path.read_text(encoding="utf-8"))
    entries = []
    for item in data.get("printers", []):
        try:
            entries.append(PrinterEntry(item["name"], item["address"]))
        except (KeyError, ValueError) as exc:
            log.warning("skipping printer %r: %s", item, exc)
    return entries


def render(original: str, entries):
    kept, inside = [], False
    for line in original.splitlines():
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            kept.append(line)
    block = [BEGIN] + [e.line() for e in entries] + [END]
    return "\n".join(kept + block) + "\n"


def main():
    p = argparse.ArgumentParser(description="Update printer entries in /etc/hosts")
    p.add_argument("--config", default="printers.json")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("--backup-dir", default="hosts_backups")
    args = p.parse_args()

    logging.basicConfig(filename="printer_hosts.log", level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        entries = load_printers(Path(args.config))
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot read %s: %s", args.config, exc)
        print(f"cannot read {args.config}: {exc}", file=sys.stderr)
        return 1
    if not entries:
        print("no valid printers in config", file=sys.stderr)
        return 1

    original = HOSTS_FILE.read_text(encoding="utf-8")
    updated = render(original, entries)
    if updated == original:
        log.info("hosts file already up to date")
        print("No changes needed.")
        return 0
    if args.dry_run:
        print(updated)
        return 0
    if os.geteuid() != 0:
        print("Run as root to modify /etc/hosts.", file=sys.stderr)
        return 1

    backup_dir = Path(args.backup_dir)
    backup_dir.mkdir(exist_ok=True)
    backup = backup_dir / f"hosts.{time.strftime('%Y%m%d-%H%M%S')}"
    shutil.copy2(HOSTS_FILE, backup)
    tmp = HOSTS_FILE.with_name("hosts.foodbank-new")
    tmp.write_text(updated, encoding="utf-8")
    os.chmod(tmp, 0o644)
    os.replace(tmp, HOSTS_FILE)
    log.info("updated %s with %d printers (backup %s)", HOSTS_FILE, len(entries), backup)
    print(f"Updated {HOSTS_FILE}; previous copy at {backup}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
