#!/usr/bin/env python3
"""Pin review platform endpoints in /etc/hosts on review workstations.

During the review platform cut-over the firm's internal DNS is unreliable, so
this tool writes a managed block into /etc/hosts that maps the review
platform, the near-native viewer and the export service to their addresses.
Run as an administrator; the block is replaced on each run.
"""

import argparse
import json
import logging
import shutil
import sys
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("hosts_pin")

HOSTS_PATH = Path("/etc/hosts")
BEGIN = "# BEGIN review-platform pins"
END = "# END review-platform pins"

DEFAULT_PINS = {
    "review.example.com": "192.0.2.40",
    "viewer.review.example.com": "192.0.2.41",
    "exports.review.example.com": "192.0.2.42",
}


class HostsFile:
    def __init__(self, path):
        self.path = path
        self.lines = []

    def read(self):
        self.lines = self.path.read_text(encoding="utf-8").splitlines()
        return self

    def strip_block(self):
        out, inside = [], False
        for line in self.lines:
            if line.strip() == BEGIN:
                inside = True
                continue
            if line.strip() == END:
                inside = False
                continue
            if not inside:
                out.append(line)
        removed = len(self.lines) - len(out)
        self.lines = out
        return removed

    def add_block(self, pins):
        self.lines.append(BEGIN)
        for name, addr in sorted(pins.items()):
            self.lines.append(f"{addr}\t{name}")
        self.lines.append(END)

    def backup(self):
        stamp = datetime.now().strftime("%Y%m%d%H%M%S")
        dest = self.path.with_name(f"hosts.review-bak.{stamp}")
        shutil.copy2(self.path, dest)
        LOG.info("backup written to %s", dest)
        return dest

    def write(self):
        text = "\n".join(self.lines) + "\n"
        self.path.write_text(text, encoding="utf-8")
        self.path.chmod(0o644)


def load_pins(path):
    if path is None:
        return dict(DEFAULT_PINS)
    with open(path, "r", encoding="utf-8") as fh:
        pins = json.load(fh)
    if not isinstance(pins, dict):
        raise ValueError("pin file must be a JSON object of name -> address")
    return pins


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--pins", help="JSON file of hostname -> address")
    ap.add_argument("--remove", action="store_true", help="remove the managed block")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        pins = load_pins(args.pins)
    except (OSError, ValueError) as exc:
        LOG.error("cannot load pins: %s", exc)
        return 2

    hosts = HostsFile(HOSTS_PATH).read()
    removed = hosts.strip_block()
    LOG.info("removed %d old managed line(s)", removed)
    if not args.remove:
        hosts.add_block(pins)
        LOG.info("adding %d pin(s)", len(pins))

    if args.dry_run:
        print("\n".join(hosts.lines))
        return 0

    try:
        hosts.backup()
        hosts.write()
    except PermissionError:
        LOG.error("permission denied writing %s; run as administrator", HOSTS_PATH)
        return 1
    LOG.info("%s updated", HOSTS_PATH)
    return 0


if __name__ == "__main__":
    sys.exit(main())
