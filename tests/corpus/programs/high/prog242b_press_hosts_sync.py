#!/usr/bin/env python3
"""Sync press-line controller names into /etc/hosts.

The press-line controllers (reel stands, folder, quarter folder, inkers)
sit on an isolated segment without DNS.  The press-control workstation
resolves them through /etc/hosts.  Engineering maintains the address
list in press_controllers.csv in this directory; this tool rewrites the
managed block of /etc/hosts to match it.
"""
import argparse
import csv
import ipaddress
import logging
import shutil
import sys
from pathlib import Path

LOG = logging.getLogger("press-hosts")
HOSTS = Path("/etc/hosts")
BEGIN = "# BEGIN press-line controllers (managed)"
END = "# END press-line controllers (managed)"


class ControllerList:
    def __init__(self, path):
        self.path = path
        self.entries = []

    def load(self):
        with self.path.open(newline="") as fh:
            for lineno, row in enumerate(csv.DictReader(fh), start=2):
                try:
                    addr = ipaddress.ip_address(row["address"].strip())
                    name = row["hostname"].strip().lower()
                except (KeyError, ValueError) as exc:
                    LOG.warning("line %d skipped: %s", lineno, exc)
                    continue
                if not name:
                    LOG.warning("line %d has no hostname", lineno)
                    continue
                self.entries.append((str(addr), name))
        LOG.info("loaded %d controllers from %s", len(self.entries), self.path)
        return self

    def block(self):
        lines = [BEGIN]
        lines += [f"{addr}\t{name}" for addr, name in sorted(self.entries)]
        lines.append(END)
        return lines


def replace_block(current, block):
    out, inside, replaced = [], False, False
    for line in current:
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
        out.extend([""] + block)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--csv", type=Path, default=Path("press_controllers.csv"))
    ap.add_argument("--hosts", type=Path, default=HOSTS)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        controllers = ControllerList(args.csv).load()
    except FileNotFoundError:
        LOG.error("controller list %s not found", args.csv)
        return 1

    current = args.hosts.read_text().splitlines()
    updated = replace_block(current, controllers.block())
    if updated == current:
        LOG.info("%s already up to date", args.hosts)
        return 0
    if args.dry_run:
        print("\n".join(updated))
        return 0
    try:
        shutil.copy2(args.hosts, args.hosts.with_suffix(".press-bak"))
        args.hosts.write_text("\n".join(updated) + "\n")
        args.hosts.chmod(0o644)
    except PermissionError:
        LOG.error("no permission to write %s, run as the press-admin account", args.hosts)
        return 1
    LOG.info("wrote %d controller entries to %s", len(controllers.entries), args.hosts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
