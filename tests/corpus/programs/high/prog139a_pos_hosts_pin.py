#!/usr/bin/env python3
"""Pin taproom POS hostnames.

The taproom router's DNS drops out during busy nights and the tills lose the
payment server. This pins the POS hosts to fixed addresses in the system
hosts file, inside a managed block so it can be updated or removed cleanly.
"""
import argparse
import json
import logging
import os
import shutil
import sys
import time
from pathlib import Path

log = logging.getLogger("hosts-pin")

BEGIN = "# >>> taproom-pos pins >>>"
END = "# <<< taproom-pos pins <<<"
DEFAULT_PINS = {
    "pos.example.com": "198.51.100.40",
    "payments.example.com": "198.51.100.41",
    "kds.example.com": "198.51.100.42",
}


def hosts_path():
    # allow pointing at a scratch copy while testing the block format
    override = os.environ.get("POS_HOSTS_FILE")
    return Path(override) if override else Path(os.sep, "etc", "hosts")


def load_pins(path):
    if not path:
        return dict(DEFAULT_PINS)
    with open(path) as fh:
        pins = json.load(fh)
    if not isinstance(pins, dict):
        raise ValueError("pins file must be a JSON object")
    return pins


def strip_block(lines):
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


def render_block(pins):
    body = [f"{ip}\t{name}" for name, ip in sorted(pins.items())]
    return [BEGIN] + body + [END]


class HostsFile:
    def __init__(self, path):
        self.path = path

    def read(self):
        return self.path.read_text().splitlines()

    def backup(self):
        dest = Path.cwd() / f"hosts.bak.{int(time.time())}"
        shutil.copy2(self.path, dest)
        log.info("backed up %s to %s", self.path, dest)

    def write(self, lines):
        tmp = self.path.with_name(self.path.name + ".pos-tmp")
        tmp.write_text("\n".join(lines) + "\n")
        os.chmod(tmp, 0o644)
        os.replace(tmp, self.path)
        log.info("updated %s", self.path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--pins", help="JSON file of hostname -> address")
    ap.add_argument("--remove", action="store_true", help="drop the managed block")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    hf = HostsFile(hosts_path())
    try:
        lines = strip_block(hf.read())
        if not args.remove:
            lines += render_block(load_pins(args.pins))
    except (OSError, ValueError) as exc:
        log.error("%s", exc)
        return 1

    if args.dry_run:
        print("\n".join(lines))
        return 0
    try:
        hf.backup()
        hf.write(lines)
    except PermissionError:
        log.error("need write access to %s (run as an admin)", hf.path)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
