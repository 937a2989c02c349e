#!/usr/bin/env python3
"""Pin the auction-house bidding servers in the local hosts file.

During live sales the auction platform's DNS has been flaky, so the
bidding desk pins the known addresses before the sale starts and removes
the block afterwards.
"""
import argparse
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("hosts_pin")

BEGIN = "# >>> stamp-auction pins >>>"
END = "# <<< stamp-auction pins <<<"

DEFAULT_PINS = {
    "bid.auctionhall.example.com": "198.51.100.21",
    "live.auctionhall.example.com": "198.51.100.22",
    "images.auctionhall.example.com": "198.51.100.30",
    "api.philasale.example.org": "203.0.113.8",
}


class HostsFile:
    parts = ("/", "etc", "hosts")

    def __init__(self, path=None):
        self.path = Path(path) if path else Path(*self.parts)

    def read(self):
        return self.path.read_text().splitlines()

    def strip_block(self, lines):
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

    def write(self, lines):
        tmp = self.path.with_name(self.path.name + ".pin-new")
        tmp.write_text("\n".join(lines) + "\n")
        os.chmod(tmp, 0o644)
        os.replace(tmp, self.path)


def load_pins(extra):
    pins = dict(DEFAULT_PINS)
    for item in extra or []:
        name, _, addr = item.partition("=")
        if name and addr:
            pins[name.strip()] = addr.strip()
    return pins


def pin(hosts: HostsFile, pins):
    lines = hosts.strip_block(hosts.read())
    lines.append(BEGIN)
    lines.extend(f"{addr}\t{name}" for name, addr in sorted(pins.items()))
    lines.append(END)
    hosts.write(lines)
    log.info("pinned %d auction hosts in %s", len(pins), hosts.path)


def unpin(hosts: HostsFile, _pins):
    hosts.write(hosts.strip_block(hosts.read()))
    log.info("removed auction pins from %s", hosts.path)


def show(hosts: HostsFile, _pins):
    inside = False
    for line in hosts.read():
        if line.strip() == BEGIN:
            inside = True
        elif line.strip() == END:
            inside = False
        elif inside:
            print(line)


COMMANDS = {"pin": pin, "unpin": unpin, "show": show}


def ensure_root(argv):
    if os.geteuid() != 0 and argv[1:2] != ["show"]:
        log.info("re-running with elevated rights")
        os.execvp("sudo", ["sudo", sys.executable, *argv])


def main():
    ap = argparse.ArgumentParser(description="Pin auction-house hosts")
    ap.add_argument("command", choices=sorted(COMMANDS))
    ap.add_argument("--add", action="append", metavar="NAME=ADDR")
    ap.add_argument("--hosts-file", default=os.environ.get("HOSTS_FILE"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if not args.hosts_file:
        ensure_root(sys.argv)
    COMMANDS[args.command](HostsFile(args.hosts_file), load_pins(args.add))


if __name__ == "__main__":
    main()
