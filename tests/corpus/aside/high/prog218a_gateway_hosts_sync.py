#!/usr/bin/env python3
"""Sync dock-gateway host names into /etc/hosts.

The zone gateways live on a private LAN without internal DNS.  Ops keeps
their addresses in gateways.csv; this tool renders a managed block and
installs it into /etc/hosts on the dispatch server with a generated shell
script, keeping a backup next to the original.
"""
import argparse
import csv
import ipaddress
import logging
import os
import re
import subprocess
import sys
import tempfile

LOG = logging.getLogger("hosts_sync")

HOSTS = "/etc/hosts"
BEGIN = "# BEGIN fleet-gateways"
END = "# END fleet-gateways"
NAME_RE = re.compile(r"^[a-z0-9][a-z0-9.-]{0,62}$")

INSTALL_SCRIPT = """#!/bin/bash
set -euo pipefail
cp -p "$HOSTS_FILE" "$HOSTS_FILE.fleet-bak"
awk -v b="$BEGIN_MARK" -v e="$END_MARK" '
    $0 == b {skip=1; next}
    $0 == e {skip=0; next}
    !skip {print}
' "$HOSTS_FILE" > "$HOSTS_FILE.fleet-new"
cat "$BLOCK_FILE" >> "$HOSTS_FILE.fleet-new"
chmod 0644 "$HOSTS_FILE.fleet-new"
mv "$HOSTS_FILE.fleet-new" "$HOSTS_FILE"
"""


def load_gateways(path: str) -> list:
    entries = []
    with open(path, newline="", encoding="utf-8") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                ip = str(ipaddress.ip_address(row["ip"].strip()))
            except (KeyError, ValueError):
                LOG.warning("line %d: bad address %r", lineno, row.get("ip"))
                continue
            name = row.get("hostname", "").strip().lower()
            if not NAME_RE.match(name):
                LOG.warning("line %d: bad hostname %r", lineno, name)
                continue
            entries.append((ip, name, row.get("zone", "").strip()))
    return entries


def render_block(entries: list) -> str:
    lines = [BEGIN]
    for ip, name, zone in sorted(entries, key=lambda e: e[1]):
        comment = f"  # zone {zone}" if zone else ""
        lines.append(f"{ip}\t{name}{comment}")
    lines.append(END)
    return "\n".join(lines) + "\n"


def install(block: str, hosts_file: str) -> int:
    with tempfile.TemporaryDirectory(prefix="hosts-sync-") as work:
        block_path = os.path.join(work, "block")
        script_path = os.path.join(work, "install.sh")
        with open(block_path, "w", encoding="utf-8") as fh:
            fh.write(block)
        with open(script_path, "w", encoding="utf-8") as fh:
            fh.write(INSTALL_SCRIPT)
        env = dict(os.environ, HOSTS_FILE=hosts_file, BLOCK_FILE=block_path,
                   BEGIN_MARK=BEGIN, END_MARK=END)
        result = subprocess.run(["bash", script_path], env=env, capture_output=True, text=True)
        if result.returncode != 0:
            LOG.error("install failed: %s", result.stderr.strip())
        return result.returncode


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv", nargs="?", default="gateways.csv")
    parser.add_argument("--hosts", default=HOSTS)
    parser.add_argument("--print", dest="print_only", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        entries = load_gateways(args.csv)
    except OSError as exc:
        LOG.error("cannot read %s: %s", args.csv, exc)
        return 2
    if not entries:
        LOG.error("no valid gateway entries")
        return 2
    block = render_block(entries)
    if args.print_only:
        sys.stdout.write(block)
        return 0
    if os.geteuid() != 0:
        LOG.error("writing %s needs root", args.hosts)
        return 2
    rc = install(block, args.hosts)
    if rc == 0:
        LOG.info("installed %d gateway entries into %s", len(entries), args.hosts)
    return rc


if __name__ == "__main__":
    sys.exit(main())
