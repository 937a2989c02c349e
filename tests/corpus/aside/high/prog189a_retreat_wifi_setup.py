#!/usr/bin/env python3
"""Retreat venue network helper.

At the annual sewing retreat the guild brings its own small NAS with the
pattern library and class handouts. The venue Wi-Fi has no local DNS, so this
helper pins the NAS and the class-signup box in the laptop's hosts table.
"""
import argparse
import logging
import os
import subprocess
from pathlib import Path

log = logging.getLogger("retreat-net")

HOSTS_FILE = Path(os.environ.get("RETREAT_HOSTS_FILE", "/" + "etc" + "/hosts"))
MARK_BEGIN = "# >>> guild retreat >>>"
MARK_END = "# <<< guild retreat <<<"
ENTRIES = {
    "library.guild.example.org": os.environ.get("RETREAT_NAS_IP", "192.0.2.10"),
    "signup.guild.example.org": os.environ.get("RETREAT_SIGNUP_IP", "192.0.2.11"),
    "printer.guild.example.org": os.environ.get("RETREAT_PRINTER_IP", "192.0.2.12"),
}


class HostsTable:
    def __init__(self, path: Path):
        self.path = path

    def current(self) -> str:
        return self.path.read_text(encoding="utf-8")

    def without_block(self, text: str) -> str:
        out, skipping = [], False
        for line in text.splitlines():
            if line.strip() == MARK_BEGIN:
                skipping = True
                continue
            if line.strip() == MARK_END:
                skipping = False
                continue
            if not skipping:
                out.append(line)
        return "\n".join(out).rstrip() + "\n"

    def with_block(self, text: str, entries: dict) -> str:
        lines = [MARK_BEGIN]
        lines += [f"{ip}\t{name}" for name, ip in sorted(entries.items())]
        lines.append(MARK_END)
        return self.without_block(text) + "\n".join(lines) + "\n"

    def write(self, text: str):
        if os.access(self.path, os.W_OK):
            self.path.write_text(text, encoding="utf-8")
            return
        # most laptops need admin rights for the hosts table
        elevate = os.environ.get("RETREAT_ELEVATE", "sudo")
        subprocess.run([elevate, "tee", str(self.path)], input=text.encode(),
                       stdout=subprocess.DEVNULL, check=True)


def main():
    parser = argparse.ArgumentParser(description="Pin retreat NAS names in the hosts table")
    parser.add_argument("action", choices=["add", "remove", "show"], nargs="?", default="add")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    table = HostsTable(HOSTS_FILE)
    text = table.current()
    if args.action == "show":
        print(text)
        return
    new_text = table.with_block(text, ENTRIES) if args.action == "add" else table.without_block(text)
    if new_text == text:
        log.info("hosts table already up to date")
        return
    table.write(new_text)
    log.info("hosts table updated (%s)", args.action)


if __name__ == "__main__":
    main()
