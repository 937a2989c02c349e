#!/usr/bin/env python3
"""Pins the store's internal service names in /etc/hosts.

The ISP router's DNS keeps losing the local names, so the counter PCs carry
a managed block in /etc/hosts instead. Must be run as root.
"""
import argparse
import logging
import os
import shutil
import sys
from pathlib import Path

LOG = logging.getLogger("hosts-pin")

HOSTS = Path("/etc/hosts")
BEGIN = "# BEGIN pawnshop-managed"
END = "# END pawnshop-managed"

DEFAULT_ENTRIES = {
    "192.0.2.10": ["pos-db.store.internal", "pos-db"],
    "192.0.2.15": ["scanner.store.internal"],
    "192.0.2.40": ["vaultcam-nas.store.internal", "nas"],
    "192.0.2.50": ["printer-counter.store.internal"],
}


def render_block(entries):
    lines = [BEGIN]
    for ip, names in sorted(entries.items()):
        lines.append(f"{ip}\t{' '.join(names)}")
    lines.append(END)
    return "\n".join(lines) + "\n"


def strip_block(text):
    out, skipping = [], False
    for line in text.splitlines(keepends=True):
        if line.strip() == BEGIN:
            skipping = True
            continue
        if line.strip() == END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    return "".join(out)


def parse_extra(pairs):
    entries = dict(DEFAULT_ENTRIES)
    for pair in pairs or []:
        ip, _, name = pair.partition("=")
        entries.setdefault(ip, []).append(name)
    return entries


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--add", action="append", metavar="IP=NAME")
    ap.add_argument("--remove", action="store_true",
                    help="remove the managed block")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if os.geteuid() != 0:
        LOG.error("run with sudo")
        sys.exit(1)

    original = HOSTS.read_text()
    shutil.copy2(HOSTS, "/etc/hosts.pawnshop.bak")
    body = strip_block(original).rstrip("\n") + "\n"
    if not args.remove:
        body += "\n" + render_block(parse_extra(args.add))

    tmp = HOSTS.with_suffix(".tmp")
    tmp.write_text(body)
    os.chmod(tmp, 0o644)
    os.chown(tmp, 0, 0)
    tmp.replace(HOSTS)
    LOG.info("/etc/hosts updated (%s)", "block removed" if args.remove else "block written")


if __name__ == "__main__":
    main()
