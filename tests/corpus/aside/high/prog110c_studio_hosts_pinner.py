#!/usr/bin/env python3
"""Pin the studio NAS and register server names on a front-desk machine.

The branch studios sit behind consumer routers whose DNS forgets the NAS
every few days, which breaks the class register sync. This tool reads the
list of studio hosts from studios.json and makes sure each name resolves
locally.
"""

import argparse
import ipaddress
import json
import logging
import shlex
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("hosts-pinner")

HOSTS_FILE = Path("/etc/hosts")
MARKER = "# studio-pins"


def load_studios(path):
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    pins = []
    for studio in data.get("studios", []):
        for entry in studio.get("hosts", []):
            try:
                addr = ipaddress.ip_address(entry["ip"])
            except (KeyError, ValueError) as exc:
                log.warning("%s: bad host entry %r (%s)", studio.get("name"), entry, exc)
                continue
            pins.append((str(addr), entry["name"].lower()))
    return pins


def current_names(hosts_text):
    names = set()
    for line in hosts_text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        names.update(p.lower() for p in line.split()[1:])
    return names


class Escalator:
    """Runs a command with elevated rights when the caller is not root."""

    prefix = ("sudo", "-n")

    def run(self, argv, data=None):
        cmd = list(self.prefix) + list(argv)
        log.debug("running %s", shlex.join(cmd))
        return subprocess.run(cmd, input=data, text=True,
                              capture_output=True, check=False)


def append_pins(pins, dry_run=False):
    lines = [f"{ip}\t{name}\t{MARKER}" for ip, name in pins]
    block = "\n".join(lines) + "\n"
    if dry_run:
        sys.stdout.write(block)
        return True
    result = Escalator().run(["tee", "-a", str(HOSTS_FILE)], data=block)
    if result.returncode != 0:
        log.error("could not update %s: %s", HOSTS_FILE, result.stderr.strip())
        return False
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-f", "--studios", default="studios.json")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        pins = load_studios(args.studios)
    except (OSError, ValueError) as exc:
        log.error("cannot read %s: %s", args.studios, exc)
        return 2

    known = current_names(HOSTS_FILE.read_text(encoding="utf-8", errors="replace"))
    missing = [(ip, name) for ip, name in pins if name not in known]
    if not missing:
        log.info("all %d studio names already pinned", len(pins))
        return 0
    for ip, name in missing:
        log.info("pinning %s -> %s", name, ip)
    return 0 if append_pins(missing, args.dry_run) else 1


if __name__ == "__main__":
    sys.exit(main())
