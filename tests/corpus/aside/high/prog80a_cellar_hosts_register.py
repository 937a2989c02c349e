#!/usr/bin/env python3
"""Keep the cellar sensor gateways and line PLCs resolvable by name.

The winery's ISP router does not hand out DNS names for the tank gateways,
the bottling-line PLCs or the label printers, so we keep a managed block in
the hosts file, generated from sensors.toml:

    [[device]]
    name = "tankgw-north"
    ip = "10.20.0.11"
    aliases = ["tankgw1"]

Only the lines between the cellar markers are touched; everything else in
the hosts file is left as it is.
"""

import argparse
import ipaddress
import logging
import os
import shutil
import sys
import tomllib
from pathlib import Path

log = logging.getLogger("cellar_hosts")

BEGIN = "# >>> cellar-sensors (managed) >>>"
END = "# <<< cellar-sensors (managed) <<<"
DOMAIN = "cellar.lan"


def load_inventory(path: Path):
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    entries = []
    for dev in data.get("device", []):
        try:
            ip = ipaddress.ip_address(dev["ip"])
        except (KeyError, ValueError) as exc:
            log.warning("skipping %s: bad address (%s)", dev.get("name", "?"), exc)
            continue
        names = [f"{dev['name']}.{DOMAIN}", dev["name"], *dev.get("aliases", [])]
        entries.append((ip, names))
    entries.sort(key=lambda e: (e[0].version, int(e[0])))
    return entries


def render_block(entries) -> str:
    lines = [BEGIN]
    lines += [f"{str(ip):<16} {' '.join(names)}" for ip, names in entries]
    lines.append(END)
    return "\n".join(lines) + "\n"


def splice(existing: str, block: str) -> str:
    if BEGIN in existing and END in existing:
        head, rest = existing.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        return head + block + tail.lstrip("\n")
    if existing and not existing.endswith("\n"):
        existing += "\n"
    return existing + "\n" + block


def write_hosts(target: Path, text: str, keep_backup: bool = True) -> None:
    if keep_backup and target.exists():
        backup = target.with_name(target.name + ".cellar-bak")
        shutil.copy2(target, backup)
        log.info("backup written to %s", backup)
    staging = target.with_name("." + target.name + ".cellar-new")
    staging.write_text(text)
    os.chmod(staging, 0o644)
    os.replace(staging, target)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Register cellar devices in the hosts file")
    ap.add_argument("-i", "--inventory", type=Path, default=Path("sensors.toml"))
    ap.add_argument("--hosts-file", type=Path, default=Path("/etc/hosts"))
    ap.add_argument("--no-backup", action="store_true")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        entries = load_inventory(args.inventory)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        log.error("cannot read inventory: %s", exc)
        return 1
    if not entries:
        log.error("inventory has no usable devices")
        return 1

    current = args.hosts_file.read_text() if args.hosts_file.exists() else ""
    updated = splice(current, render_block(entries))
    if updated == current:
        log.info("%s already up to date (%d devices)", args.hosts_file, len(entries))
        return 0
    if args.dry_run:
        sys.stdout.write(updated)
        return 0

    try:
        write_hosts(args.hosts_file, updated, keep_backup=not args.no_backup)
    except PermissionError:
        log.error("no permission to write %s; run as root", args.hosts_file)
        return 3
    log.info("registered %d cellar devices in %s", len(entries), args.hosts_file)
    return 0


if __name__ == "__main__":
    sys.exit(main())
