#!/usr/bin/env python3
"""Register the lab instruments in /etc/hosts.

The analyzers on the lab VLAN have no DNS names; the LIMS connector wants
names. This tool reads the instrument inventory and adds a managed block of
host entries to /etc/hosts.
"""
import argparse
import csv
import ipaddress
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("hosts_register")

BEGIN = "# BEGIN milk-lab instruments"
END = "# END milk-lab instruments"
HOSTS = "/etc/hosts"


class Inventory:
    def __init__(self, path: Path):
        self.path = path

    def load(self):
        entries = []
        with self.path.open(newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                try:
                    addr = ipaddress.ip_address(row["ip"].strip())
                except (KeyError, ValueError) as exc:
                    LOG.warning("skipping row %s: %s", row, exc)
                    continue
                name = row.get("hostname", "").strip().lower()
                if not name:
                    continue
                entries.append((str(addr), name, row.get("model", "").strip()))
        return entries


class HostsBlock:
    def __init__(self, entries):
        self.entries = entries

    def render(self) -> str:
        lines = [BEGIN]
        for addr, name, model in self.entries:
            comment = f"  # {model}" if model else ""
            lines.append(f"{addr}\t{name}.lab.example.org {name}{comment}")
        lines.append(END)
        return "\n".join(lines) + "\n"


def apply_block(block: str, dry_run: bool) -> int:
    # The edit runs in a small shell program: back up, strip the old block,
    # append the new one. The block travels in an environment variable.
    script = f"""
set -e
cp -p {HOSTS} {HOSTS}.lab-backup
sed -i '/^{BEGIN}$/,/^{END}$/d' {HOSTS}
printf '%s' "$HOSTS_BLOCK" >> {HOSTS}
"""
    if dry_run:
        print(block, end="")
        return 0
    cmd = ["bash", "-c", script]
    if os.geteuid() != 0:
        cmd = ["sudo", "--preserve-env=HOSTS_BLOCK"] + cmd
    env = dict(os.environ, HOSTS_BLOCK=block)
    LOG.info("updating %s", HOSTS)
    res = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if res.returncode != 0:
        LOG.error("update failed: %s", res.stderr.strip())
    return res.returncode


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("inventory", type=Path, help="CSV with ip,hostname,model")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        entries = Inventory(args.inventory).load()
    except OSError as exc:
        LOG.error("cannot read inventory: %s", exc)
        return 1
    if not entries:
        LOG.error("inventory has no usable rows")
        return 1
    LOG.info("%d instruments in inventory", len(entries))
    return apply_block(HostsBlock(entries).render(), args.dry_run)


if __name__ == "__main__":
    sys.exit(main())
