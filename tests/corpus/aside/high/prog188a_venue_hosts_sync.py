#!/usr/bin/env python3
"""Keep /etc/hosts entries for venue devices on the tour operations laptop.

Each haunted venue has a small LAN (projector, fog controller, audio box)
with fixed addresses; the techs want friendly names for them.
"""
import argparse
import csv
import logging
import os
from pathlib import Path

log = logging.getLogger("venue-hosts")

BEGIN = "# >>> ghost-tour venues >>>"
END = "# <<< ghost-tour venues <<<"
HOSTS = Path(os.sep, "etc", "hosts")

DEFAULT_DEVICES = [
    ("192.0.2.10", "projector.manor.tour"),
    ("192.0.2.11", "fogctl.manor.tour"),
    ("192.0.2.12", "audio.manor.tour"),
    ("198.51.100.20", "projector.crypt.tour"),
    ("198.51.100.21", "lights.crypt.tour"),
]


def load_devices(path):
    if not path or not Path(path).exists():
        return DEFAULT_DEVICES
    with open(path, newline="") as fh:
        return [(r["ip"], r["name"]) for r in csv.DictReader(fh)]


def render_block(devices):
    width = max(len(ip) for ip, _ in devices)
    body = [f"{ip.ljust(width)}  {name}" for ip, name in devices]
    return "\n".join([BEGIN, *body, END])


def merge(existing, block):
    lines = existing.splitlines()
    out, skipping = [], False
    for line in lines:
        if line.strip() == BEGIN:
            skipping = True
            continue
        if line.strip() == END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    while out and not out[-1].strip():
        out.pop()
    return "\n".join(out + ["", block]) + "\n"


class Writer:
    modes = {"direct": "_direct", "print": "_print"}

    def __init__(self, target):
        self.target = target

    def _direct(self, text):
        backup = self.target.with_name(self.target.name + ".tourbak")
        backup.write_text(self.target.read_text())
        self.target.write_text(text)
        os.chmod(self.target, 0o644)
        log.info("updated %s (backup %s)", self.target, backup)

    def _print(self, text):
        print(text, end="")

    def __call__(self, mode, text):
        getattr(self, self.modes[mode])(text)


def main():
    ap = argparse.ArgumentParser(description="Sync venue device names into hosts file")
    ap.add_argument("--devices", help="CSV with ip,name columns")
    ap.add_argument("--print", dest="mode", action="store_const", const="print", default="direct")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    devices = load_devices(args.devices)
    text = merge(HOSTS.read_text(), render_block(devices))
    try:
        Writer(HOSTS)(args.mode, text)
    except PermissionError:
        log.error("need root to write %s; rerun with elevated rights", HOSTS)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
