#!/usr/bin/env python3
"""Keep /etc/hosts on a clinic gateway in step with the machine inventory.

Dialysis machines in the clinic have fixed addresses but the clinic network
has no internal DNS. The gateway resolves them through a managed block in
/etc/hosts, regenerated from inventory.csv (columns: station,address,model).
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
HOSTS = "/etc/hosts"
BEGIN = "# BEGIN dialysis-machines (managed)"
END = "# END dialysis-machines (managed)"
DOMAIN = "dialysis.example.org"

INSTALL_SH = """set -e
cp -p "$HOSTS_FILE" "$HOSTS_FILE.dialysis.bak"
install -m 0644 -o root -g root "$STAGED" "$HOSTS_FILE"
echo "installed $(wc -l < "$HOSTS_FILE") lines into $HOSTS_FILE"
"""


def load_inventory(path):
    entries = []
    with open(path, newline="") as fh:
        for n, row in enumerate(csv.DictReader(fh), start=2):
            station = (row.get("station") or "").strip().lower()
            addr = (row.get("address") or "").strip()
            try:
                ipaddress.ip_address(addr)
            except ValueError:
                LOG.warning("line %d: bad address %r, skipped", n, addr)
                continue
            if not station.replace("-", "").isalnum():
                LOG.warning("line %d: bad station name %r, skipped", n, station)
                continue
            entries.append((addr, station, (row.get("model") or "").strip()))
    return entries


def render_block(entries):
    lines = [BEGIN]
    for addr, station, model in sorted(entries, key=lambda e: e[1]):
        comment = f"  # {model}" if model else ""
        lines.append(f"{addr}\t{station}.{DOMAIN} {station}{comment}")
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
    if text and not text.endswith("\n"):
        text += "\n"
    return text + block


def install(new_text, dry_run):
    fd, staged = tempfile.mkstemp(prefix="hosts-", suffix=".new")
    with os.fdopen(fd, "w") as fh:
        fh.write(new_text)
    try:
        if dry_run:
            print(new_text)
            return True
        env = dict(os.environ, STAGED=staged, HOSTS_FILE=HOSTS)
        res = subprocess.run(["bash", "-c", INSTALL_SH], env=env, capture_output=True, text=True)
        if res.returncode != 0:
            LOG.error("install failed: %s", res.stderr.strip())
            return False
        LOG.info(res.stdout.strip())
        return True
    finally:
        os.unlink(staged)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--inventory", default="./inventory.csv")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.dry_run and os.geteuid() != 0:
        LOG.error("run as root to update %s", HOSTS)
        return 1
    try:
        entries = load_inventory(args.inventory)
    except OSError as exc:
        LOG.error("cannot read inventory: %s", exc)
        return 1
    if not entries:
        LOG.error("inventory empty; refusing to clear the managed block")
        return 1
    current = Path(HOSTS).read_text()
    new_text = merge(current, render_block(entries))
    if new_text == current:
        LOG.info("hosts already up to date (%d machines)", len(entries))
        return 0
    return 0 if install(new_text, args.dry_run) else 1


if __name__ == "__main__":
    sys.exit(main())
