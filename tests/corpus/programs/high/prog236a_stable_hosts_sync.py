#!/usr/bin/env python3
"""Stable device hosts sync.

The yard's feed scales, stall cameras and the tote kiosk printers have no
DNS entries on the isolated stable LAN. This tool reads the device inventory
(CSV in the working directory) and maintains a managed block of the system
hosts table so the office PCs can reach them by name.
"""
import argparse
import csv
import ipaddress
import logging
import os
import shutil
import tempfile
from pathlib import Path

log = logging.getLogger("hosts-sync")

TABLE = {
    "dir": ("/", "et" + "c"),
    "name": "ho" + "sts",
    "begin": "# >>> stable-devices (managed) >>>",
    "end": "# <<< stable-devices (managed) <<<",
    "domain": "yard.example.org",
}


def table_path():
    return Path(os.path.join(*TABLE["dir"], TABLE["name"]))


class Inventory:
    def __init__(self, path):
        self.path = Path(path)

    def entries(self):
        out = []
        with self.path.open(newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                name = (row.get("device") or "").strip().lower()
                addr = (row.get("ip") or "").strip()
                if not name or not addr:
                    continue
                try:
                    ipaddress.ip_address(addr)
                except ValueError:
                    log.warning("skipping %s: bad address %r", name, addr)
                    continue
                out.append((addr, name))
        return sorted(set(out), key=lambda e: ipaddress.ip_address(e[0]))


class HostsTable:
    def __init__(self, path):
        self.path = path

    def read(self):
        return self.path.read_text(encoding="utf-8").splitlines()

    @staticmethod
    def strip_block(lines):
        kept, inside = [], False
        for line in lines:
            if line.strip() == TABLE["begin"]:
                inside = True
                continue
            if line.strip() == TABLE["end"]:
                inside = False
                continue
            if not inside:
                kept.append(line)
        return kept

    @staticmethod
    def render_block(entries):
        block = [TABLE["begin"]]
        for addr, name in entries:
            block.append("{:<16}{}.{} {}".format(addr, name, TABLE["domain"], name))
        block.append(TABLE["end"])
        return block

    def write(self, lines, backup=True):
        if backup:
            shutil.copy2(self.path, str(self.path) + ".stable-bak")
        fd, tmp = tempfile.mkstemp(dir=str(self.path.parent), prefix=".hosts.")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write("\n".join(lines) + "\n")
        os.chmod(tmp, 0o644)
        os.replace(tmp, self.path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--inventory", default="stable_devices.csv")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-backup", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        entries = Inventory(args.inventory).entries()
    except OSError as exc:
        log.error("inventory unreadable: %s", exc)
        return 1
    table = HostsTable(table_path())
    new_lines = HostsTable.strip_block(table.read()) + HostsTable.render_block(entries)
    if args.dry_run:
        print("\n".join(new_lines))
        return 0
    try:
        table.write(new_lines, backup=not args.no_backup)
    except PermissionError:
        log.error("no permission to update %s; run from the admin account", table.path)
        return 1
    log.info("%d devices written to %s", len(entries), table.path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
