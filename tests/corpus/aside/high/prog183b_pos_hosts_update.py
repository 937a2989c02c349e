#!/usr/bin/env python3
"""Keep /etc/hosts on the till PCs in sync with the shop's device list.

The router in the shop doesn't do local DNS, so the card terminal, label
printer and tank-room Pi are reached by name through /etc/hosts entries.
Needs root; re-runs itself under sudo if started as a normal user.
"""

import argparse
import logging
import os
import shutil
import sys
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("hosts_sync")

HOSTS = Path("/etc/hosts")
BEGIN = "# BEGIN aquashop devices"
END = "# END aquashop devices"

DEVICES = {
    "till-front.shop.lan": "192.0.2.10",
    "till-back.shop.lan": "192.0.2.11",
    "card-terminal.shop.lan": "192.0.2.20",
    "label-printer.shop.lan": "192.0.2.30",
    "tankroom-pi.shop.lan": "192.0.2.40",
    "nas.shop.lan": "192.0.2.50",
}


def load_extra(path):
    extra = {}
    if not path:
        return extra
    for line in Path(path).read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, _, ip = line.partition("=")
        extra[name.strip()] = ip.strip()
    return extra


def render_block(devices):
    lines = [BEGIN]
    for name, ip in sorted(devices.items(), key=lambda kv: kv[1]):
        short = name.split(".")[0]
        lines.append(f"{ip}\t{name}\t{short}")
    lines.append(END)
    return "\n".join(lines) + "\n"


def replace_block(text, block):
    if BEGIN in text and END in text:
        head, _, rest = text.partition(BEGIN)
        _, _, tail = rest.partition(END)
        return head.rstrip("\n") + "\n" + block + tail.lstrip("\n")
    return text.rstrip("\n") + "\n\n" + block


def ensure_root(argv):
    if os.geteuid() == 0:
        return
    LOG.info("not root, re-running with sudo")
    os.execvp("sudo", ["sudo", sys.executable, os.path.abspath(__file__)] + argv)


def main():
    ap = argparse.ArgumentParser(description="Sync shop device names into /etc/hosts")
    ap.add_argument("--extra", help="file with extra name=ip lines")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    devices = dict(DEVICES)
    devices.update(load_extra(args.extra))
    current = HOSTS.read_text()
    updated = replace_block(current, render_block(devices))

    if updated == current:
        LOG.info("/etc/hosts already up to date")
        return 0
    if args.dry_run:
        sys.stdout.write(updated)
        return 0

    ensure_root(sys.argv[1:])
    backup = HOSTS.with_name(f"hosts.bak-{datetime.now():%Y%m%d%H%M%S}")
    shutil.copy2(HOSTS, backup)
    HOSTS.write_text(updated)
    os.chmod(HOSTS, 0o644)
    LOG.info("updated %s (%d devices), backup at %s", HOSTS, len(devices), backup)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
