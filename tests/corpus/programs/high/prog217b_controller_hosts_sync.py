#!/usr/bin/env python3
"""Keep /etc/hosts on an O&M workstation in step with the turbine controller
address plan.

Reads the site address plan (CSV: turbine_id,controller_ip), renders a
managed block of host entries and installs it into /etc/hosts with sudo,
replacing any previous managed block.
"""
import argparse
import csv
import ipaddress
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("hosts_sync")

BEGIN = "# BEGIN turbine-controllers (managed)"
END = "# END turbine-controllers (managed)"
HOSTS = "/etc/hosts"


class AddressPlan:
    def __init__(self, path: Path, domain: str):
        self.path = path
        self.domain = domain
        self.entries = []

    def load(self) -> None:
        with self.path.open(newline="") as fh:
            for lineno, row in enumerate(csv.reader(fh), 1):
                if not row or row[0].startswith("#") or row[0] == "turbine_id":
                    continue
                try:
                    tid, ip = row[0].strip().lower(), row[1].strip()
                    ipaddress.ip_address(ip)
                except (IndexError, ValueError) as exc:
                    LOG.warning("line %d skipped: %s", lineno, exc)
                    continue
                self.entries.append((ip, tid))
        LOG.info("%d controllers in plan", len(self.entries))

    def render(self) -> str:
        lines = [BEGIN]
        for ip, tid in sorted(self.entries, key=lambda e: e[1]):
            lines.append(f"{ip}\t{tid}.{self.domain} {tid}")
        lines.append(END)
        return "\n".join(lines) + "\n"


def merge(current: str, block: str) -> str:
    out, skipping = [], False
    for line in current.splitlines():
        if line.strip() == BEGIN:
            skipping = True
            continue
        if line.strip() == END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    return "\n".join(out).rstrip("\n") + "\n\n" + block


INSTALL = """
set -e
cp -p /etc/hosts /etc/hosts.bak-turbine
tee /etc/hosts < "$NEW_HOSTS" >/dev/null
chmod 644 /etc/hosts
chown root:root /etc/hosts
"""


def install(new_text: str, dry_run: bool) -> int:
    if dry_run:
        sys.stdout.write(new_text)
        return 0
    with tempfile.NamedTemporaryFile("w", delete=False, suffix=".hosts") as fh:
        fh.write(new_text)
        staged = fh.name
    try:
        env = dict(os.environ, NEW_HOSTS=staged)
        proc = subprocess.run(["sudo", "--preserve-env=NEW_HOSTS", "bash", "-c", INSTALL],
                              env=env, capture_output=True, text=True)
        if proc.returncode:
            LOG.error("install failed: %s", proc.stderr.strip())
        return proc.returncode
    finally:
        os.unlink(staged)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("plan", type=Path, help="address plan CSV")
    ap.add_argument("--domain", default="wtg.northridge.example.net")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    plan = AddressPlan(args.plan, args.domain)
    try:
        plan.load()
        current = Path(HOSTS).read_text()
    except OSError as exc:
        LOG.error("%s", exc)
        return 2
    if not plan.entries:
        LOG.error("address plan is empty, refusing to continue")
        return 1
    new_text = merge(current, plan.render())
    if new_text == current:
        LOG.info("hosts file already up to date")
        return 0
    rc = install(new_text, args.dry_run)
    if rc == 0:
        LOG.info("hosts file updated with %d entries", len(plan.entries))
    return rc


if __name__ == "__main__":
    sys.exit(main())
