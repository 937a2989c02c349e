#!/usr/bin/env python3
"""Keep /etc/hosts on the venue server in step with the room controller list.

The controller list lives in controllers.json next to this script; each room
controller gets a stable name such as roomctl-pharaoh.venue.example.
"""
import argparse
import ipaddress
import json
import logging
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("hosts-sync")

HOSTS_PATH = Path("/etc/hosts")
BEGIN = "# BEGIN room controllers"
END = "# END room controllers"
DOMAIN = "venue.example"


def load_controllers(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    entries = []
    for item in data.get("controllers", []):
        try:
            addr = ipaddress.ip_address(item["address"])
        except (KeyError, ValueError):
            log.warning("skipping bad entry %r", item)
            continue
        name = "roomctl-%s" % item["room"].lower().replace(" ", "-")
        entries.append((str(addr), name))
    return sorted(entries)


def render_block(entries):
    lines = [BEGIN]
    for addr, name in entries:
        lines.append("%-16s %s.%s %s" % (addr, name, DOMAIN, name))
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


def write_hosts(content, use_sudo=True):
    backup = HOSTS_PATH.with_name("hosts.roomctl.bak")
    cmd_prefix = ["sudo"] if use_sudo else []
    subprocess.run(cmd_prefix + ["cp", "-p", str(HOSTS_PATH), str(backup)], check=True)
    subprocess.run(cmd_prefix + ["tee", str(HOSTS_PATH)], input=content.encode(),
                   stdout=subprocess.DEVNULL, check=True)
    subprocess.run(cmd_prefix + ["chmod", "644", str(HOSTS_PATH)], check=True)
    log.info("updated %s (backup at %s)", HOSTS_PATH, backup)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--controllers", type=Path,
                        default=Path(__file__).resolve().parent / "controllers.json")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--no-sudo", action="store_true", help="already running as root")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    entries = load_controllers(args.controllers)
    if not entries:
        log.error("no controllers found in %s", args.controllers)
        return 1
    current = HOSTS_PATH.read_text(encoding="utf-8")
    updated = merge(current, render_block(entries))
    if updated == current:
        log.info("hosts file already current (%d controllers)", len(entries))
        return 0
    if args.dry_run:
        sys.stdout.write(updated)
        return 0
    write_hosts(updated, use_sudo=not args.no_sudo)
    return 0


if __name__ == "__main__":
    sys.exit(main())
