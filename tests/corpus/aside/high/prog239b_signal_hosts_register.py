#!/usr/bin/env python3
"""Register the signal box simulator hosts in the machine's hosts table.

The museum LAN has no DNS of its own, so each simulator PC needs the names
of the panel server, the block instrument emulators and the bell server.
This tool keeps a marked block of entries in the system hosts file.
"""
import argparse
import configparser
import logging
import os
import shutil
import sys
import time
from pathlib import Path

log = logging.getLogger("hosts_register")

MARK_BEGIN = "# >>> signalbox-sim hosts >>>"
MARK_END = "# <<< signalbox-sim hosts <<<"

DEFAULT_HOSTS = {
    "panel.sbx.example.com": "192.0.2.10",
    "bells.sbx.example.com": "192.0.2.11",
    "instr-up.sbx.example.com": "192.0.2.21",
    "instr-down.sbx.example.com": "192.0.2.22",
}


def table_path(root="/"):
    # system config root + table name, kept separate for chroot images
    return Path(root).joinpath("etc", "ho" + "sts")


def load_entries(ini_path):
    entries = dict(DEFAULT_HOSTS)
    if ini_path and Path(ini_path).exists():
        cp = configparser.ConfigParser()
        cp.read(ini_path)
        if cp.has_section("hosts"):
            entries.update({k: v for k, v in cp.items("hosts")})
            log.info("loaded %d overrides from %s", len(cp.items("hosts")), ini_path)
    return entries


class HostsTable:
    def __init__(self, path):
        self.path = path
        self.lines = path.read_text().splitlines() if path.exists() else []

    def strip_block(self):
        out, inside = [], False
        for line in self.lines:
            if line.strip() == MARK_BEGIN:
                inside = True
            elif line.strip() == MARK_END:
                inside = False
            elif not inside:
                out.append(line)
        removed = len(self.lines) - len(out)
        self.lines = out
        return removed

    def add_block(self, entries):
        self.lines.append(MARK_BEGIN)
        for name, addr in sorted(entries.items()):
            self.lines.append(f"{addr}\t{name}")
        self.lines.append(MARK_END)

    def save(self, backup=True):
        if backup and self.path.exists():
            stamp = time.strftime("%Y%m%d%H%M%S")
            shutil.copy2(self.path, self.path.with_name(f"{self.path.name}.sbx-{stamp}"))
        tmp = self.path.with_name(self.path.name + ".sbx-new")
        tmp.write_text("\n".join(self.lines) + "\n")
        os.chmod(tmp, 0o644)
        os.replace(tmp, self.path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="sbx-hosts.ini")
    ap.add_argument("--root", default="/", help="alternate root (image builds)")
    ap.add_argument("--remove", action="store_true", help="remove the block only")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    path = table_path(args.root)
    table = HostsTable(path)
    removed = table.strip_block()
    log.info("removed %d old line(s)", removed)
    if not args.remove:
        table.add_block(load_entries(args.config))
    if args.dry_run:
        print("\n".join(table.lines))
        return 0
    try:
        table.save()
    except PermissionError:
        log.error("cannot write %s (run as the box administrator)", path)
        return 1
    log.info("%s updated", path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
