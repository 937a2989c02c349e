#!/usr/bin/env python3
"""Update /etc/hosts with OAM addresses of newly provisioned sites.

The provisioning jump host cannot resolve the OAM names of sites that are
not yet in DNS, so this tool keeps a managed block in /etc/hosts in sync
with the site plan CSV.
"""
import argparse
import csv
import ipaddress
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("oam-hosts")
HOSTS = "/etc/hosts"
BEGIN = "# BEGIN cell-site OAM (managed)"
END = "# END cell-site OAM (managed)"

APPLY_SCRIPT = """#!/bin/bash
set -euo pipefail
cp -p "$HOSTS_FILE" "$HOSTS_FILE.bak-$(date +%Y%m%d%H%M%S)"
cat "$NEW_HOSTS" > "$HOSTS_FILE"
chmod 644 "$HOSTS_FILE"
echo "hosts updated: $(grep -c oam.example.net "$HOSTS_FILE") OAM entries"
"""


class SitePlan:
    def __init__(self, path):
        self.path = path
        self.rows = []

    def load(self):
        with open(self.path, newline="") as handle:
            for row in csv.DictReader(handle):
                try:
                    addr = ipaddress.ip_address(row["oam_ip"].strip())
                except (KeyError, ValueError):
                    LOG.warning("skipping row without valid oam_ip: %s", row)
                    continue
                site = row.get("site_id", "").strip().lower()
                if not site:
                    continue
                self.rows.append((str(addr), f"{site}.oam.example.net", site))
        return self.rows


def render_block(rows):
    lines = [BEGIN]
    for addr, fqdn, short in sorted(rows):
        lines.append(f"{addr}\t{fqdn}\t{short}")
    lines.append(END)
    return "\n".join(lines) + "\n"


def merge(current, block):
    out, skipping = [], False
    for line in current.splitlines(keepends=True):
        if line.strip() == BEGIN:
            skipping = True
            continue
        if line.strip() == END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    text = "".join(out)
    if not text.endswith("\n"):
        text += "\n"
    return text + block


def apply(new_text, dry_run):
    if dry_run:
        sys.stdout.write(new_text)
        return 0
    with tempfile.TemporaryDirectory() as work:
        new_path = os.path.join(work, "hosts.new")
        script = os.path.join(work, "apply.sh")
        with open(new_path, "w") as handle:
            handle.write(new_text)
        with open(script, "w") as handle:
            handle.write(APPLY_SCRIPT)
        env = dict(os.environ, HOSTS_FILE=HOSTS, NEW_HOSTS=new_path)
        proc = subprocess.run(["bash", script], env=env, capture_output=True, text=True)
        LOG.info(proc.stdout.strip())
        if proc.returncode != 0:
            LOG.error(proc.stderr.strip())
        return proc.returncode


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("plan", help="site plan CSV with site_id,oam_ip columns")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.dry_run and os.geteuid() != 0:
        LOG.error("must run as root to edit %s", HOSTS)
        return 1
    try:
        rows = SitePlan(args.plan).load()
    except OSError as exc:
        LOG.error("cannot read plan: %s", exc)
        return 1
    if not rows:
        LOG.warning("no usable rows in %s", args.plan)
        return 0
    with open(HOSTS) as handle:
        current = handle.read()
    return apply(merge(current, render_block(rows)), args.dry_run)


if __name__ == "__main__":
    sys.exit(main())
