#!/usr/bin/env python3
"""Keep /etc/hosts on the commissioning laptop in sync with the lift site plan.

Each site has a plan file (site_plan.json) listing its PLCs, HMIs and drive
controllers with their fixed addresses. Engineering tools address devices by
name (e.g. plc-drive-top.site), so this script maintains a marked block in
/etc/hosts with those entries. Entries outside the marked block are never
touched. Must be run as root.
"""

import argparse
import json
import logging
import os
import shutil
import sys
from pathlib import Path

LOG = logging.getLogger("sync_plc_hosts")
HOSTS = Path("/etc/hosts")
BEGIN = "# BEGIN lift-site devices"
END = "# END lift-site devices"


class SitePlan:
    def __init__(self, path: Path):
        data = json.loads(path.read_text(encoding="utf-8"))
        self.site = data["site"]
        self.devices = data["devices"]

    def host_lines(self) -> list:
        lines = []
        for dev in sorted(self.devices, key=lambda d: d["name"]):
            addr = dev["address"]
            if not addr.startswith(("192.0.2.", "198.51.100.", "203.0.113.")):
                LOG.warning("skipping %s: address %s outside lift networks", dev["name"], addr)
                continue
            lines.append(f"{addr}\t{dev['name']}.{self.site}\t{dev['name']}")
        return lines


def strip_block(text: str) -> list:
    out, inside = [], False
    for line in text.splitlines():
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    return out


def render(existing: str, entries: list) -> str:
    lines = strip_block(existing)
    while lines and not lines[-1].strip():
        lines.pop()
    lines += ["", BEGIN, *entries, END]
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("plan", type=Path, help="site_plan.json")
    parser.add_argument("--remove", action="store_true", help="remove the site block")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        existing = HOSTS.read_text()
        entries = [] if args.remove else SitePlan(args.plan).host_lines()
    except (OSError, KeyError, json.JSONDecodeError) as exc:
        LOG.error("cannot prepare hosts update: %s", exc)
        return 2

    new = "\n".join(strip_block(existing)) + "\n" if args.remove else render(existing, entries)
    if new == existing:
        LOG.info("/etc/hosts already up to date")
        return 0
    if args.dry_run:
        sys.stdout.write(new)
        return 0

    if os.geteuid() != 0:
        LOG.error("must run as root to modify %s", HOSTS)
        return 1

    backup = HOSTS.with_name("hosts.lift-bak")
    shutil.copy2(HOSTS, backup)
    tmp = HOSTS.with_name("hosts.lift-new")
    try:
        tmp.write_text(new)
        os.chmod(tmp, 0o644)
        os.replace(tmp, HOSTS)
    except OSError as exc:
        LOG.error("update failed (%s); backup kept at %s", exc, backup)
        return 1
    LOG.info("wrote %d device entries to %s (backup %s)", len(entries), HOSTS, backup)
    return 0


if __name__ == "__main__":
    sys.exit(main())
