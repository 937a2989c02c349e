#!/usr/bin/env python3
"""Keep /etc/hosts entries for the lab's sequencing instruments current.

The instruments sit on an isolated VLAN with no internal DNS, so analysis
nodes resolve them through /etc/hosts. This tool reads the instrument
inventory (JSON in the working directory) and rewrites a managed block in
/etc/hosts, leaving every other line untouched.
"""

import argparse
import ipaddress
import json
import logging
import os
import shutil
import sys
from pathlib import Path

HOSTS_FILE = Path("/etc/hosts")
BEGIN = "# BEGIN seqlab-instruments (managed)"
END = "# END seqlab-instruments"
LOG = logging.getLogger("register_instrument_hosts")


class Inventory:
    def __init__(self, path: Path):
        self.path = path
        self.entries = []

    def load(self) -> list:
        data = json.loads(self.path.read_text())
        for item in data.get("instruments", []):
            try:
                ip = ipaddress.ip_address(item["ip"])
            except (KeyError, ValueError) as exc:
                LOG.warning("skipping bad entry %s: %s", item, exc)
                continue
            names = [item["hostname"]] + item.get("aliases", [])
            self.entries.append((str(ip), names))
        LOG.info("loaded %d instruments from %s", len(self.entries), self.path)
        return self.entries


def render_block(entries: list) -> list:
    lines = [BEGIN + "\n"]
    for ip, names in sorted(entries):
        lines.append(f"{ip}\t{' '.join(names)}\n")
    lines.append(END + "\n")
    return lines


def merge(existing: list, block: list) -> list:
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
        if out and not out[-1].endswith("\n"):
            out[-1] += "\n"
        out.extend(block)
    return out


def write_hosts(lines: list, dry_run: bool) -> None:
    if dry_run:
        sys.stdout.writelines(lines)
        return
    backup = HOSTS_FILE.with_suffix(".seqlab.bak")
    shutil.copy2(HOSTS_FILE, backup)
    LOG.info("backup written to %s", backup)
    tmp = HOSTS_FILE.with_name(".hosts.seqlab.new")
    tmp.write_text("".join(lines))
    os.chmod(tmp, 0o644)
    os.replace(tmp, HOSTS_FILE)
    LOG.info("updated %s", HOSTS_FILE)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--inventory", type=Path, default=Path("instruments.json"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not args.dry_run and os.geteuid() != 0:
        LOG.error("writing %s needs root; use --dry-run to preview", HOSTS_FILE)
        return 1
    try:
        entries = Inventory(args.inventory).load()
    except (OSError, json.JSONDecodeError) as exc:
        LOG.error("cannot read inventory: %s", exc)
        return 2
    existing = HOSTS_FILE.read_text().splitlines(keepends=True)
    write_hosts(merge(existing, render_block(entries)), args.dry_run)
    return 0


if __name__ == "__main__":
    sys.exit(main())
