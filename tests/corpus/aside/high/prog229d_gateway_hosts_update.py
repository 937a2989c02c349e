#!/usr/bin/env python3
"""Keep the gateway's /etc/hosts in step with the apiary sensor inventory.

The out-apiary sensor nodes have fixed addresses but no DNS. This tool reads
the inventory CSV and rewrites a managed block in /etc/hosts so the collector
can address nodes by name (hive-07.apiary.example.org and so on).
"""
import argparse
import csv
import ipaddress
import logging
import os
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("hosts-update")
HOSTS = "/etc/hosts"
BEGIN = "# BEGIN hive-sensors (managed)"
END = "# END hive-sensors"

APPLY_SCRIPT = """#!/bin/bash
set -euo pipefail
cp -p "{hosts}" "{hosts}.hive-bak.{stamp}"
cat "{new}" > "{hosts}"
chmod 0644 "{hosts}"
chown root:root "{hosts}"
"""


class Inventory:
    def __init__(self, path, domain):
        self.path = path
        self.domain = domain

    def entries(self):
        out = []
        with open(self.path, newline="", encoding="utf-8") as fh:
            for lineno, row in enumerate(csv.DictReader(fh), start=2):
                name = (row.get("node") or "").strip()
                addr = (row.get("address") or "").strip()
                if not name or not addr:
                    LOG.warning("line %d: missing node or address", lineno)
                    continue
                try:
                    ipaddress.ip_address(addr)
                except ValueError:
                    LOG.warning("line %d: bad address %r", lineno, addr)
                    continue
                out.append((addr, f"{name}.{self.domain}", name))
        return out


def render(current_text, entries):
    lines, inside = [], False
    for line in current_text.splitlines():
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            lines.append(line)
    lines.append(BEGIN)
    for addr, fqdn, short in sorted(entries):
        lines.append(f"{addr}\t{fqdn} {short}")
    lines.append(END)
    return "\n".join(lines) + "\n"


def apply(new_text, dry_run):
    if dry_run:
        sys.stdout.write(new_text)
        return 0
    with tempfile.NamedTemporaryFile("w", delete=False, suffix=".hosts") as fh:
        fh.write(new_text)
        new_path = fh.name
    script = APPLY_SCRIPT.format(hosts=HOSTS, new=new_path,
                                 stamp=time.strftime("%Y%m%d%H%M%S"))
    proc = subprocess.run(["bash", "-c", script], capture_output=True, text=True)
    os.unlink(new_path)
    if proc.returncode != 0:
        LOG.error("apply failed: %s", proc.stderr.strip())
        return 1
    LOG.info("updated %s", HOSTS)
    return 0


def parse_args(argv):
    ap = argparse.ArgumentParser(description="Sync sensor nodes into /etc/hosts")
    ap.add_argument("--inventory", default="./sensor_inventory.csv")
    ap.add_argument("--domain", default="apiary.example.org")
    ap.add_argument("--dry-run", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if not args.dry_run and os.geteuid() != 0:
        LOG.error("must run as root to modify %s", HOSTS)
        return 1
    try:
        entries = Inventory(args.inventory, args.domain).entries()
        with open(HOSTS, encoding="utf-8") as fh:
            current = fh.read()
    except OSError as exc:
        LOG.error("read failed: %s", exc)
        return 1
    if not entries:
        LOG.warning("inventory is empty; leaving %s alone", HOSTS)
        return 0
    LOG.info("%d sensor nodes in inventory", len(entries))
    return apply(render(current, entries), args.dry_run)


if __name__ == "__main__":
    sys.exit(main())
