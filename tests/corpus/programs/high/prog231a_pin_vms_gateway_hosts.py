#!/usr/bin/env python3
"""pin_vms_gateway_hosts.py - pin the VMS gateway names in /etc/hosts.

On board, DNS over the satellite link is slow and sometimes unavailable,
which makes the position reporter miss its reporting slot. This tool keeps
a managed block in /etc/hosts with fixed addresses for the fisheries
monitoring centre gateways, read from a small config file.

Config (./vms_hosts.ini):
    [hosts]
    vms-gw.example.org = 203.0.113.10
    vms-gw2.example.org = 203.0.113.11

Usage:
    pin_vms_gateway_hosts.py [--config ./vms_hosts.ini] [--remove] [--dry-run]
"""

import argparse
import configparser
import ipaddress
import logging
import os
import shutil
import sys
from pathlib import Path

HOSTS_FILE = Path("/etc/hosts")
BACKUP_FILE = Path("/etc/hosts.vms-backup")
BEGIN = "# BEGIN vms-gateway (managed by pin_vms_gateway_hosts.py)"
END = "# END vms-gateway"

log = logging.getLogger("pin-hosts")


def load_entries(config_path: Path) -> dict:
    parser = configparser.ConfigParser()
    if not parser.read(config_path):
        raise FileNotFoundError(f"config {config_path} not found")
    entries = {}
    for name, addr in parser.items("hosts"):
        try:
            ipaddress.ip_address(addr.strip())
        except ValueError:
            log.warning("skipping %s: %r is not an IP address", name, addr)
            continue
        entries[name.strip()] = addr.strip()
    return entries


def strip_block(lines: list) -> list:
    out, inside = [], False
    for line in lines:
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    return out


def render_block(entries: dict) -> list:
    block = [BEGIN]
    for name, addr in sorted(entries.items()):
        block.append(f"{addr}\t{name}")
    block.append(END)
    return block


def write_hosts(lines: list) -> None:
    shutil.copy2(HOSTS_FILE, BACKUP_FILE)
    log.info("backup written to %s", BACKUP_FILE)
    tmp = HOSTS_FILE.with_suffix(".vms-new")
    tmp.write_text("\n".join(lines).rstrip("\n") + "\n", encoding="utf-8")
    os.chmod(tmp, 0o644)
    os.replace(tmp, HOSTS_FILE)
    log.info("updated %s", HOSTS_FILE)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=Path("./vms_hosts.ini"))
    ap.add_argument("--remove", action="store_true", help="remove the managed block")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    current = HOSTS_FILE.read_text(encoding="utf-8").splitlines()
    base = strip_block(current)

    if args.remove:
        new_lines = base
    else:
        try:
            entries = load_entries(args.config)
        except (FileNotFoundError, configparser.Error) as exc:
            log.error("%s", exc)
            return 1
        if not entries:
            log.error("no valid entries in %s", args.config)
            return 1
        new_lines = base + [""] + render_block(entries)

    if new_lines == current:
        log.info("/etc/hosts already up to date")
        return 0
    if args.dry_run:
        print("\n".join(new_lines))
        return 0
    if os.geteuid() != 0:
        log.error("must run as root to edit %s", HOSTS_FILE)
        return 2
    write_hosts(new_lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
