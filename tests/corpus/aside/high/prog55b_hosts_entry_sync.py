#!/usr/bin/env python3
"""Keep a managed block of lab hostnames in /etc/hosts up to date.

The desired entries come from a JSON inventory in the repo. The script
renders a marked block, merges it with the current hosts file and writes
the result back with `sudo tee`, keeping a timestamped backup alongside.
"""
import argparse
import ipaddress
import json
import logging
import subprocess
import sys
import time

LOG = logging.getLogger("hosts-sync")
HOSTS = "/etc/hosts"
BEGIN = "# >>> lab-inventory managed block >>>"
END = "# <<< lab-inventory managed block <<<"


class HostsBlock:
    def __init__(self, inventory):
        self.rows = []
        for host in inventory:
            ip = ipaddress.ip_address(host["ip"])
            names = [host["name"]] + host.get("aliases", [])
            self.rows.append((str(ip), names))

    def render(self):
        width = max((len(ip) for ip, _ in self.rows), default=15)
        lines = [BEGIN]
        lines += [f"{ip:<{width}}  {' '.join(names)}" for ip, names in sorted(self.rows)]
        lines.append(END)
        return "\n".join(lines)


def merge(current, block):
    lines = current.splitlines()
    if BEGIN in lines and END in lines:
        start, stop = lines.index(BEGIN), lines.index(END)
        lines[start:stop + 1] = block.splitlines()
    else:
        lines += ["", *block.splitlines()]
    return "\n".join(lines) + "\n"


def sudo_write(path, content):
    backup = f"{path}.{time.strftime('%Y%m%d%H%M%S')}.bak"
    subprocess.run(["sudo", "cp", "-p", path, backup], check=True)
    cmd = ["sudo", "tee", path]
    subprocess.run(cmd, input=content, text=True, stdout=subprocess.DEVNULL, check=True)
    return backup


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("inventory", help="JSON list of {ip, name, aliases}")
    ap.add_argument("--check", action="store_true", help="only report drift")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    with open(args.inventory, encoding="utf-8") as fh:
        block = HostsBlock(json.load(fh)).render()
    with open(HOSTS, encoding="utf-8") as fh:
        current = fh.read()
    desired = merge(current, block)
    if desired == current:
        LOG.info("%s already up to date", HOSTS)
        return 0
    if args.check:
        LOG.warning("%s differs from inventory", HOSTS)
        return 1
    try:
        backup = sudo_write(HOSTS, desired)
    except subprocess.CalledProcessError as exc:
        LOG.error("could not update %s: %s", HOSTS, exc)
        return 1
    LOG.info("updated %s (backup at %s)", HOSTS, backup)
    return 0


if __name__ == "__main__":
    sys.exit(main())
