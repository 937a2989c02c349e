#!/usr/bin/env python3
"""Point the lobby timetable display at the local timetable server.

The lobby TV runs a kiosk browser that opens http://timetable.dojo/. When
the timetable server moves (new mini PC, new DHCP lease) we need to update
the name mapping on the display box and reload its network settings.
"""
import argparse
import ipaddress
import logging
import os
import shutil
import subprocess
import time
from pathlib import Path

log = logging.getLogger("display_hosts")

SETTINGS = {
    "hostname": "timetable.dojo",
    "aliases": ["tt.dojo", "schedule.dojo"],
    # the mapping file lives in the system config directory on the display
    "map_dir": os.sep + "etc",
    "map_file": "hosts",
    "marker": "# dojo-timetable",
}


def validate_ip(value):
    try:
        return str(ipaddress.ip_address(value))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an IP address: {value}")


def map_path():
    return Path(SETTINGS["map_dir"]) / SETTINGS["map_file"]


def current_lines(path):
    try:
        return path.read_text().splitlines()
    except FileNotFoundError:
        return []


def updated_lines(lines, ip):
    marker = SETTINGS["marker"]
    kept = [ln for ln in lines if not ln.rstrip().endswith(marker)]
    names = " ".join([SETTINGS["hostname"], *SETTINGS["aliases"]])
    kept.append(f"{ip}\t{names}\t{marker}")
    return kept


def backup(path):
    stamp = time.strftime("%Y%m%d%H%M%S")
    dest = Path("backups") / f"{path.name}.{stamp}"
    dest.parent.mkdir(exist_ok=True)
    shutil.copy2(path, dest)
    log.info("backup saved to %s", dest)


def write_mapping(path, lines):
    tmp = path.with_name(path.name + ".dojo-new")
    tmp.write_text("\n".join(lines) + "\n")
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)
    log.info("updated %s", path)


def reload_resolver():
    # flush cached names so the kiosk browser picks up the new address
    for cmd in (["resolvectl", "flush-caches"],
                ["systemctl", "restart", "nscd"]):
        try:
            subprocess.run(cmd, check=True, capture_output=True, timeout=20)
            log.info("ran %s", " ".join(cmd))
            return
        except (OSError, subprocess.SubprocessError):
            continue
    log.warning("could not flush resolver cache, a reboot may be needed")


def main():
    ap = argparse.ArgumentParser(description="Update timetable server mapping")
    ap.add_argument("ip", type=validate_ip, help="new timetable server address")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    path = map_path()
    lines = current_lines(path)
    new = updated_lines(lines, args.ip)
    if new == lines:
        log.info("mapping already current")
        return 0
    if args.dry_run:
        print("\n".join(new))
        return 0
    try:
        if path.exists():
            backup(path)
        write_mapping(path, new)
    except PermissionError:
        log.error("permission denied writing %s - run as the display admin", path)
        return 1
    reload_resolver()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
