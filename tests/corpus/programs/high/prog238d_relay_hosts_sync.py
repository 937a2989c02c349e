#!/usr/bin/env python3
"""Keep the relay box's /etc/hosts in line with the station inventory.

The relay sits on a radio link without reliable DNS, so the logger and
uplink addresses are pinned in a managed block of /etc/hosts. This tool
rewrites only the block between the BEGIN/END markers and leaves everything
else alone. Must be run as root on the relay.
"""
import argparse
import json
import logging
import os
import shutil
import sys
import time

HOSTS_PATH = "/etc/hosts"
BEGIN = "# BEGIN wxrelay managed block"
END = "# END wxrelay managed block"
DEFAULT_INVENTORY = "inventory.json"

log = logging.getLogger("hosts_sync")

SAMPLE_INVENTORY = {
    "uplink": [{"name": "ingest.example.com", "addr": "203.0.113.40"}],
    "loggers": [
        {"name": "pass-n1.loggers.example.net", "addr": "198.51.100.21"},
        {"name": "ridge-e2.loggers.example.net", "addr": "198.51.100.22"},
        {"name": "hut-w3.loggers.example.net", "addr": "198.51.100.23"},
    ],
}


class HostsFile:
    def __init__(self, path):
        self.path = path
        with open(path, encoding="utf-8") as fh:
            self.lines = fh.read().splitlines()

    def split(self):
        """Return (before, managed, after) line lists."""
        try:
            start = self.lines.index(BEGIN)
            stop = self.lines.index(END, start)
        except ValueError:
            return self.lines, [], []
        return self.lines[:start], self.lines[start + 1:stop], self.lines[stop + 1:]

    def render(self, entries):
        before, _, after = self.split()
        block = [BEGIN, f"# generated {time.strftime('%Y-%m-%d %H:%M:%S')}"]
        block += [f"{addr}\t{name}" for addr, name in entries]
        block.append(END)
        return "\n".join(before + block + after) + "\n"

    def write(self, text, backup=True):
        if backup:
            shutil.copy2(self.path, self.path + ".wxrelay.bak")
        tmp = self.path + ".wxrelay.tmp"
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, self.path)


def load_entries(path):
    if not os.path.exists(path):
        log.warning("%s missing, writing a sample inventory", path)
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(SAMPLE_INVENTORY, fh, indent=2)
    with open(path, encoding="utf-8") as fh:
        inventory = json.load(fh)
    entries = []
    for group in ("uplink", "loggers"):
        for item in inventory.get(group, []):
            name, addr = item.get("name"), item.get("addr")
            if not name or not addr:
                log.warning("skipping incomplete %s entry: %r", group, item)
                continue
            entries.append((addr, name))
    return entries


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--inventory", default=DEFAULT_INVENTORY)
    parser.add_argument("--hosts", default=HOSTS_PATH)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    entries = load_entries(args.inventory)
    hosts = HostsFile(args.hosts)
    _, current, _ = hosts.split()
    new_text = hosts.render(entries)
    wanted = {f"{a}\t{n}" for a, n in entries}
    existing = {line for line in current if not line.startswith("#")}
    if wanted == existing:
        log.info("managed block already up to date (%d entries)", len(entries))
        return 0
    log.info("adding %d, removing %d entries", len(wanted - existing), len(existing - wanted))
    if args.dry_run:
        sys.stdout.write(new_text)
        return 0
    if os.geteuid() != 0 and args.hosts == HOSTS_PATH:
        log.error("must run as root to update %s", args.hosts)
        return 1
    try:
        hosts.write(new_text)
    except OSError as exc:
        log.error("could not update %s: %s", args.hosts, exc)
        return 2
    log.info("updated %s", args.hosts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
