#!/usr/bin/env python3
"""Keep /etc/hosts on a nursing station in step with the cabinet roster.

The medication cabinets, the pharmacy label printer and the eMAR server have
fixed addresses on the ward network, but the ward has no local DNS. This
tool reads the roster (roster.json in the working directory), renders a
managed block and installs it into /etc/hosts with a small shell step.
"""

import argparse
import ipaddress
import json
import logging
import os
import subprocess
import sys

LOG = logging.getLogger("hosts-sync")

BEGIN = "# BEGIN hospice-ward managed block"
END = "# END hospice-ward managed block"

INSTALL_STEP = r"""
set -euo pipefail
cp -p "$HOSTS_FILE" "$HOSTS_FILE.bak"
cat > "$HOSTS_FILE.new" <<EOF
$HOSTS_CONTENT
EOF
chmod 0644 "$HOSTS_FILE.new"
chown root:root "$HOSTS_FILE.new"
mv "$HOSTS_FILE.new" "$HOSTS_FILE"
"""


class Roster:
    def __init__(self, path):
        self.path = path
        self.entries = []

    def load(self):
        with open(self.path) as fh:
            data = json.load(fh)
        for item in data.get("hosts", []):
            try:
                addr = ipaddress.ip_address(item["address"])
            except (KeyError, ValueError):
                LOG.warning("bad address in entry %r", item)
                continue
            names = [n for n in item.get("names", []) if n.endswith(".example.org")]
            if not names:
                LOG.warning("entry %s has no ward names", addr)
                continue
            self.entries.append((str(addr), names))
        LOG.info("roster has %d hosts", len(self.entries))
        return self.entries


def render_block(entries):
    lines = [BEGIN]
    for addr, names in sorted(entries, key=lambda e: ipaddress.ip_address(e[0])):
        lines.append(f"{addr}\t{' '.join(names)}")
    lines.append(END)
    return lines


def merge(current, block):
    out, inside = [], False
    for line in current.splitlines():
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    while out and not out[-1].strip():
        out.pop()
    return "\n".join(out + [""] + block)


def install(hosts_file, content, dry_run):
    if dry_run:
        print(content)
        return 0
    env = dict(os.environ, HOSTS_FILE=hosts_file, HOSTS_CONTENT=content)
    res = subprocess.run(["bash", "-c", INSTALL_STEP], env=env,
                         capture_output=True, text=True)
    if res.returncode != 0:
        LOG.error("install failed: %s", res.stderr.strip())
    return res.returncode


def parse_args():
    p = argparse.ArgumentParser(description="Sync ward hosts into /etc/hosts")
    p.add_argument("--roster", default="roster.json")
    p.add_argument("--hosts-file", default="/etc/hosts")
    p.add_argument("-n", "--dry-run", action="store_true")
    return p.parse_args()


def main():
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    args = parse_args()
    try:
        entries = Roster(args.roster).load()
    except (OSError, json.JSONDecodeError) as exc:
        LOG.error("cannot read roster: %s", exc)
        return 2
    if not entries:
        LOG.error("nothing to install")
        return 1
    with open(args.hosts_file) as fh:
        current = fh.read()
    new = merge(current, render_block(entries))
    if new.strip() == current.strip():
        LOG.info("%s already up to date", args.hosts_file)
        return 0
    rc = install(args.hosts_file, new, args.dry_run)
    if rc == 0 and not args.dry_run:
        LOG.info("installed %d entries into %s", len(entries), args.hosts_file)
    return rc


if __name__ == "__main__":
    sys.exit(main())
