#!/usr/bin/env python3
"""Keep till hostnames in /etc/hosts on the bar back-office PC.

The bar tills and receipt printers sit on an isolated VLAN with no internal
DNS, so the back-office PC resolves them through a managed block in
/etc/hosts. This script reads tills.csv (hostname,ip,role) from the working
directory and rewrites only the block between the BEGIN/END markers, keeping
a backup of the previous file. Must be run as root on the back-office PC.
"""

import argparse
import csv
import ipaddress
import logging
import os
import shutil
import sys
from pathlib import Path

HOSTS = Path("/etc/hosts")
BEGIN = "# BEGIN su-tills (managed by till_lan_hosts.py)"
END = "# END su-tills"
log = logging.getLogger("till_hosts")


class HostsError(Exception):
    pass


def read_tills(path: Path):
    entries = []
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            name = (row.get("hostname") or "").strip()
            ip = (row.get("ip") or "").strip()
            if not name or not ip:
                continue
            try:
                ipaddress.ip_address(ip)
            except ValueError:
                log.warning("bad IP for %s: %r, skipped", name, ip)
                continue
            entries.append((ip, name, (row.get("role") or "").strip()))
    if not entries:
        raise HostsError(f"no usable entries in {path}")
    return entries


def render_block(entries):
    lines = [BEGIN]
    for ip, name, role in sorted(entries, key=lambda e: ipaddress.ip_address(e[0])):
        short = name.split(".")[0]
        comment = f"  # {role}" if role else ""
        lines.append(f"{ip}\t{name} {short}{comment}")
    lines.append(END)
    return lines


def splice(existing: list, block: list) -> list:
    out, inside, replaced = [], False, False
    for line in existing:
        if line.strip() == BEGIN:
            inside = True
            out.extend(block)
            replaced = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    if inside:
        raise HostsError("unterminated managed block in hosts file")
    if not replaced:
        out.extend([""] + block)
    return out


def write_hosts(lines: list, target: Path, backup: bool):
    if backup:
        shutil.copy2(target, target.with_suffix(".su-bak"))
    tmp = target.with_name(target.name + ".new")
    tmp.write_text("\n".join(lines).rstrip("\n") + "\n")
    os.chmod(tmp, 0o644)
    os.replace(tmp, target)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tills", type=Path, default=Path("tills.csv"))
    parser.add_argument("--hosts", type=Path, default=HOSTS)
    parser.add_argument("--no-backup", action="store_true")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        entries = read_tills(args.tills)
        existing = args.hosts.read_text().splitlines()
        new = splice(existing, render_block(entries))
    except (OSError, HostsError) as exc:
        log.error("%s", exc)
        return 1

    if new == existing:
        log.info("hosts file already up to date (%d tills)", len(entries))
        return 0
    if args.dry_run:
        print("\n".join(new))
        return 0
    if os.geteuid() != 0 and args.hosts == HOSTS:
        log.error("run this as root to update %s", HOSTS)
        return 77
    try:
        write_hosts(new, args.hosts, backup=not args.no_backup)
    except OSError as exc:
        log.error("could not write %s: %s", args.hosts, exc)
        return 1
    log.info("updated %s with %d till entries", args.hosts, len(entries))
    return 0


if __name__ == "__main__":
    sys.exit(main())
