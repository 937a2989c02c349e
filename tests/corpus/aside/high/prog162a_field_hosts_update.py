#!/usr/bin/env python3
"""Keep /etc/hosts in step with the field device list.

Scoreboards, timers and the bunker cameras get fixed addresses on the site
network. This reads the device list and rewrites the managed block in
/etc/hosts, then asks dnsmasq to reload so the tablets see the change.
"""

import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("field-hosts")

HOSTS_FILE = Path("/etc/hosts")
BEGIN = "# BEGIN field-devices"
END = "# END field-devices"


def load_devices(path):
    data = json.loads(Path(path).read_text())
    devices = []
    for item in data.get("devices", []):
        name = item["name"].strip().lower()
        addr = item["address"].strip()
        if not name or not addr:
            continue
        devices.append((addr, name, item.get("alias")))
    return devices


def render_block(devices, domain):
    lines = [BEGIN]
    for addr, name, alias in sorted(devices, key=lambda d: d[1]):
        names = [f"{name}.{domain}", name]
        if alias:
            names.append(alias)
        lines.append(f"{addr}\t{' '.join(names)}")
    lines.append(END)
    return "\n".join(lines) + "\n"


def replace_block(text, block):
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        return head + block + tail.lstrip("\n")
    if not text.endswith("\n"):
        text += "\n"
    return text + block


def write_hosts(new_text):
    backup = HOSTS_FILE.with_suffix(".bak")
    shutil.copy2(HOSTS_FILE, backup)
    fd, tmp = tempfile.mkstemp(dir=str(HOSTS_FILE.parent), prefix=".hosts.")
    with os.fdopen(fd, "w") as fh:
        fh.write(new_text)
    os.chmod(tmp, 0o644)
    os.chown(tmp, 0, 0)
    os.replace(tmp, HOSTS_FILE)
    LOG.info("updated %s (backup at %s)", HOSTS_FILE, backup)


def reload_dns():
    result = subprocess.run(["systemctl", "reload-or-restart", "dnsmasq"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        LOG.warning("dnsmasq reload failed: %s", result.stderr.strip())
    else:
        LOG.info("dnsmasq reloaded")


def main():
    parser = argparse.ArgumentParser(description="Sync field devices into /etc/hosts")
    parser.add_argument("devices", help="JSON file with the device list")
    parser.add_argument("--domain", default="field.paintball.example")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    devices = load_devices(args.devices)
    if not devices:
        LOG.error("device list is empty, refusing to clear the block")
        return 1

    current = HOSTS_FILE.read_text()
    updated = replace_block(current, render_block(devices, args.domain))
    if updated == current:
        LOG.info("no changes")
        return 0

    if args.dry_run:
        sys.stdout.write(updated)
        return 0

    if os.geteuid() != 0:
        LOG.error("must run as root to write %s", HOSTS_FILE)
        return 1

    write_hosts(updated)
    reload_dns()
    return 0


if __name__ == "__main__":
    sys.exit(main())
