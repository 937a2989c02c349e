#!/usr/bin/env python3
"""Keep a managed block of /etc/hosts in sync with a YAML inventory.

Only the lines between the BEGIN/END markers are touched; everything else
in the hosts file is preserved. When not run as root the script re-executes
itself through pkexec so the desktop can prompt for authorisation.
"""
import argparse
import logging
import os
import sys

import yaml

log = logging.getLogger(__name__)

BEGIN = "# BEGIN lab-inventory (managed)"
END = "# END lab-inventory"


class HostsManager:
    """Read, patch and write a hosts file."""

    def __init__(self, path="/etc/hosts"):
        self.path = path

    def read(self):
        with open(self.path, encoding="utf-8") as fh:
            return fh.read().splitlines()

    def render_block(self, entries):
        lines = [BEGIN]
        for entry in sorted(entries, key=lambda e: e["ip"]):
            names = " ".join(entry["names"])
            lines.append(f"{entry['ip']:<16} {names}")
        lines.append(END)
        return lines

    def merge(self, current, block):
        """Replace the managed block, or append it if absent."""
        if BEGIN in current and END in current:
            start = current.index(BEGIN)
            stop = current.index(END)
            return current[:start] + block + current[stop + 1:]
        return current + [""] + block

    def write(self, lines):
        tmp_path = self.path + ".lab-new"
        with open(tmp_path, "w", encoding="utf-8") as fh:
            fh.write("\n".join(lines) + "\n")
        os.chmod(tmp_path, 0o644)
        os.replace(tmp_path, self.path)
        log.info("updated %s (%d lines)", self.path, len(lines))


def load_inventory(path):
    with open(path, encoding="utf-8") as fh:
        data = yaml.safe_load(fh) or {}
    entries = data.get("hosts", [])
    for entry in entries:
        if "ip" not in entry or not entry.get("names"):
            raise ValueError(f"bad inventory entry: {entry}")
    return entries


def ensure_root():
    """Re-exec under pkexec when we lack the rights to edit /etc/hosts."""
    if os.geteuid() == 0:
        return
    log.warning("not root, asking pkexec for authorisation")
    os.execvp("pkexec", ["pkexec", sys.executable, os.path.abspath(__file__), *sys.argv[1:]])


def main():
    ap = argparse.ArgumentParser(description="Sync /etc/hosts from an inventory")
    ap.add_argument("inventory", help="YAML file with a 'hosts' list")
    ap.add_argument("--hosts-file", default="/etc/hosts")
    ap.add_argument("--check", action="store_true", help="only report drift")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        entries = load_inventory(args.inventory)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        log.error("inventory error: %s", exc)
        return 2

    manager = HostsManager(args.hosts_file)
    current = manager.read()
    merged = manager.merge(current, manager.render_block(entries))
    if merged == current:
        log.info("hosts file already in sync")
        return 0
    if args.check:
        log.info("drift detected: %d managed entries", len(entries))
        return 1

    ensure_root()
    try:
        manager.write(merged)
    except OSError as exc:
        log.error("could not write %s: %s", args.hosts_file, exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
