#!/usr/bin/env python3
"""Keep /etc/hosts on the shop PCs in step with the workshop device list.

The power hammer controller, the pyrometer bridge and the label printer
have fixed addresses; this writes them into /etc/hosts between markers.
"""
import argparse
import logging
import os
import shutil
import sys
from pathlib import Path

log = logging.getLogger("hosts-update")

HOSTS = Path("/etc/hosts")
BEGIN = "# BEGIN forge devices"
END = "# END forge devices"

DEVICES = {
    "hammer-ctl.forge.lan": "192.0.2.21",
    "pyro-bridge.forge.lan": "192.0.2.22",
    "label-printer.forge.lan": "192.0.2.30",
    "nas.forge.lan": "192.0.2.40",
    "counter-pos.forge.lan": "192.0.2.50",
}


def render_block(devices: dict) -> str:
    lines = [BEGIN]
    for name, addr in sorted(devices.items(), key=lambda kv: kv[1]):
        short = name.split(".")[0]
        lines.append(f"{addr}\t{name}\t{short}")
    lines.append(END)
    return "\n".join(lines) + "\n"


def merge(current: str, block: str) -> str:
    if BEGIN in current and END in current:
        head, rest = current.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        return head.rstrip("\n") + "\n" + block + tail.lstrip("\n")
    return current.rstrip("\n") + "\n\n" + block


def main():
    parser = argparse.ArgumentParser(description="Update /etc/hosts with forge devices")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--extra", action="append", default=[],
                        help="name=address to add")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    devices = dict(DEVICES)
    for item in args.extra:
        name, _, addr = item.partition("=")
        if name and addr:
            devices[name] = addr

    current = HOSTS.read_text()
    updated = merge(current, render_block(devices))
    if updated == current:
        log.info("/etc/hosts already up to date")
        return

    if args.dry_run:
        sys.stdout.write(updated)
        return

    if os.geteuid() != 0:
        log.info("need root, re-running under sudo")
        os.execvp("sudo", ["sudo", sys.executable, os.path.abspath(__file__)] + sys.argv[1:])

    shutil.copy2(HOSTS, HOSTS.with_name("hosts.forge-bak"))
    HOSTS.write_text(updated)
    os.chmod(HOSTS, 0o644)
    os.chown(HOSTS, 0, 0)
    log.info("wrote %d forge entries to /etc/hosts", len(devices))


if __name__ == "__main__":
    main()
