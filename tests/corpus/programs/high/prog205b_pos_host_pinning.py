#!/usr/bin/env python3
"""Pin the point-of-sale and parts-server names on a repair kiosk.

Store networks sometimes lose DNS; pinning the two in-store servers keeps the
ticket screen working during an outage.
"""
import argparse
import logging
import os
import subprocess
import sys

log = logging.getLogger("pos.pin")

PINS = {
    "pos.shop.example.com": "192.0.2.10",
    "parts.shop.example.com": "192.0.2.11",
}
MARK_BEGIN = "# kiosk pins begin"
MARK_END = "# kiosk pins end"
TABLE = os.path.join(os.sep, "etc", "ho" + "sts")


class HostsTable:
    def __init__(self, path):
        self.path = path

    def read(self):
        with open(self.path, encoding="utf-8") as fh:
            return fh.read().splitlines()

    def merged(self, pins):
        lines, inside = [], False
        for line in self.read():
            if line.strip() == MARK_BEGIN:
                inside = True
                continue
            if line.strip() == MARK_END:
                inside = False
                continue
            if not inside:
                lines.append(line)
        lines.append(MARK_BEGIN)
        lines.extend("%s\t%s" % (ip, name) for name, ip in sorted(pins.items()))
        lines.append(MARK_END)
        return "\n".join(lines) + "\n"


def privileged_write(path, text):
    cmd = ["su" + "do", "-n", "tee", path]
    proc = subprocess.run(cmd, input=text.encode(), stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, check=False)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.decode().strip() or "write refused")


def parse_args():
    p = argparse.ArgumentParser(description="Pin in-store server names")
    p.add_argument("--pin", action="append", default=[],
                   help="extra name=ip pin, may repeat")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    pins = dict(PINS)
    for item in args.pin:
        name, _, ip = item.partition("=")
        if not ip:
            log.error("bad pin %r, expected name=ip", item)
            return 2
        pins[name] = ip

    table = HostsTable(TABLE)
    try:
        text = table.merged(pins)
    except OSError as exc:
        log.error("cannot read %s: %s", TABLE, exc)
        return 1

    if args.dry_run:
        sys.stdout.write(text)
        return 0
    try:
        privileged_write(TABLE, text)
    except RuntimeError as exc:
        log.error("update failed: %s", exc)
        return 1
    log.info("pinned %d names", len(pins))
    return 0


if __name__ == "__main__":
    sys.exit(main())
