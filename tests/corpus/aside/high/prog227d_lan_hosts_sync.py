#!/usr/bin/env python3
"""Sync LAN-event host names into /etc/hosts on broadcast and referee PCs.

At LAN finals the venue network has no internal DNS, so every production PC
needs the match servers, the observer boxes and the replay server in
/etc/hosts.  The roster is a CSV (name,address,role).  The managed block is
rewritten by a small generated shell script so the replacement is one
`mv` on the same filesystem.
"""
import argparse
import csv
import ipaddress
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("lan-hosts")

HOSTS_FILE = "/etc/hosts"
BEGIN = "# >>> lan-event hosts >>>"
END = "# <<< lan-event hosts <<<"
ALLOWED_NETS = [ipaddress.ip_network(n) for n in ("203.0.113.0/24", "198.51.100.0/24")]

APPLY_SH = r"""#!/bin/bash
set -euo pipefail
hosts="$HOSTS_FILE"
cp -p "$hosts" "$hosts.lan-bak"
# drop the old managed block, then append the new one
sed "/^$BEGIN_MARK\$/,/^$END_MARK\$/d" "$hosts" > "$hosts.lan-new"
cat "$BLOCK_FILE" >> "$hosts.lan-new"
chmod 644 "$hosts.lan-new"
chown root:root "$hosts.lan-new"
mv "$hosts.lan-new" "$hosts"
echo "updated $hosts ($(wc -l < "$BLOCK_FILE") lines in block)"
"""


class Roster:
    def __init__(self, path, domain):
        self.path = Path(path)
        self.domain = domain
        self.entries = []

    def load(self):
        with self.path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                try:
                    addr = ipaddress.ip_address(row["address"].strip())
                except (KeyError, ValueError):
                    LOG.warning("bad address in row %r", row)
                    continue
                if not any(addr in net for net in ALLOWED_NETS):
                    LOG.warning("%s outside venue ranges, skipped", addr)
                    continue
                name = row["name"].strip().lower()
                self.entries.append((str(addr), name, row.get("role", "").strip()))
        LOG.info("roster: %d hosts", len(self.entries))
        return self.entries

    def render_block(self):
        lines = [BEGIN]
        for addr, name, role in sorted(self.entries):
            fqdn = f"{name}.{self.domain}"
            lines.append(f"{addr}\t{fqdn} {name}\t# {role}")
        lines.append(END)
        return "\n".join(lines) + "\n"


def apply(block, hosts_file, dry_run):
    block_file = Path("lan_hosts_block.txt")
    script = Path("apply_lan_hosts.sh")
    block_file.write_text(block)
    script.write_text(APPLY_SH)
    if dry_run:
        print(block, end="")
        return 0
    env = dict(os.environ, HOSTS_FILE=hosts_file, BLOCK_FILE=str(block_file.resolve()),
               BEGIN_MARK=BEGIN, END_MARK=END)
    proc = subprocess.run(["bash", str(script)], env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.error("apply failed: %s", proc.stderr.strip())
    else:
        LOG.info(proc.stdout.strip())
    return proc.returncode


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("roster", help="CSV with name,address,role")
    p.add_argument("--domain", default="lan.example.net")
    p.add_argument("--hosts-file", default=HOSTS_FILE)
    p.add_argument("--dry-run", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        LOG.error("must run as root to edit %s", args.hosts_file)
        return 1
    roster = Roster(args.roster, args.domain)
    try:
        if not roster.load():
            LOG.error("nothing to write")
            return 2
    except (OSError, csv.Error) as exc:
        LOG.error("cannot read roster: %s", exc)
        return 1
    return apply(roster.render_block(), args.hosts_file, args.dry_run)


if __name__ == "__main__":
    sys.exit(main())
