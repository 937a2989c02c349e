#!/usr/bin/env python3
"""Keeps name entries for the rink's scoreboard, shot-clock and
timing controllers in the operator PC's hosts table.

Usage: prog196c_scoreboard_hosts_provisioner.py {add,remove,list} ...
"""
import argparse
import logging
import os
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("hosts-provisioner")

TABLE = Path("/", "etc", "hosts")
BEGIN = "# >>> rink controllers >>>"
END = "# <<< rink controllers <<<"


@dataclass(frozen=True)
class Device:
    name: str
    address: str

    def line(self) -> str:
        return f"{self.address}\t{self.name}.rink.example.org {self.name}"


def split_table(text: str):
    lines = text.splitlines()
    if BEGIN in lines and END in lines:
        a, b = lines.index(BEGIN), lines.index(END)
        return lines[:a], lines[a + 1:b], lines[b + 1:]
    return lines, [], []


def parse_block(block):
    devices = {}
    for raw in block:
        parts = raw.split()
        if len(parts) >= 3:
            devices[parts[2]] = Device(parts[2], parts[0])
    return devices


def write_table(head, devices, tail):
    body = head + [BEGIN] + [d.line() for d in sorted(devices.values(), key=lambda d: d.name)] + [END] + tail
    backup = TABLE.with_name(f"hosts.rink-{time.strftime('%Y%m%d%H%M%S')}")
    shutil.copy2(TABLE, backup)
    fd, tmp = tempfile.mkstemp(dir=str(TABLE.parent), prefix=".hosts.")
    with os.fdopen(fd, "w") as fh:
        fh.write("\n".join(body) + "\n")
    os.chmod(tmp, 0o644)
    os.chown(tmp, 0, 0)
    os.replace(tmp, TABLE)
    log.info("hosts table updated (backup %s)", backup.name)


def cmd_add(devices, args):
    for spec in args.entries:
        name, _, addr = spec.partition("=")
        if not addr:
            raise SystemExit(f"bad entry {spec!r}, expected name=address")
        devices[name] = Device(name, addr)
    return True


def cmd_remove(devices, args):
    changed = False
    for name in args.entries:
        changed |= devices.pop(name, None) is not None
    return changed


def cmd_list(devices, _args):
    for d in sorted(devices.values(), key=lambda d: d.name):
        print(d.line())
    return False


ACTIONS = {"add": cmd_add, "remove": cmd_remove, "list": cmd_list}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=sorted(ACTIONS))
    parser.add_argument("entries", nargs="*", help="name=address (add) or name (remove)")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        head, block, tail = split_table(TABLE.read_text())
    except OSError as exc:
        log.error("cannot read %s: %s", TABLE, exc)
        return 1

    devices = parse_block(block)
    if ACTIONS[args.action](devices, args):
        try:
            write_table(head, devices, tail)
        except PermissionError:
            log.error("need root to modify %s", TABLE)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
