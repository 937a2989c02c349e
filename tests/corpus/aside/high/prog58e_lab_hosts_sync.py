#!/usr/bin/env python3
"""Keep the computing-lab name table in step with the room roster.

The ICT office publishes a JSON roster of lab machines (room, seat, address).
This tool turns it into short names like 'c12-s04' and maintains a managed
block inside the machine's hosts table so pupils can reach their partner
workstation by name during networking lessons."""

import argparse
import ipaddress
import json
import logging
import os
import shutil
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("labhosts")
BEGIN = "# >>> lab-roster (managed) >>>"
END = "# <<< lab-roster (managed) <<<"
HOSTS_TABLE = "/etc/hosts"


class Workstation:
    def __init__(self, room: str, seat: int, address: str):
        self.room = room.lower()
        self.seat = int(seat)
        self.address = str(ipaddress.ip_address(address))

    @property
    def shortname(self) -> str:
        return f"{self.room}-s{self.seat:02d}"


def read_roster(path: Path, room_filter=None):
    data = json.loads(path.read_text())
    machines = []
    for room, seats in data.get("rooms", {}).items():
        if room_filter and room.lower() not in room_filter:
            continue
        for seat in seats:
            try:
                machines.append(Workstation(room, seat["seat"], seat["ip"]))
            except (KeyError, ValueError) as exc:
                log.warning("room %s: bad entry %r (%s)", room, seat, exc)
    return machines


def splice(existing: str, machines) -> str:
    lines = existing.splitlines()
    if BEGIN in lines and END in lines:
        start, stop = lines.index(BEGIN), lines.index(END)
        lines = lines[:start] + lines[stop + 1:]
    block = [BEGIN] + [f"{m.address}\t{m.shortname}" for m in machines] + [END]
    return "\n".join(lines + block) + "\n"


def replace_table(target: str, new_text: str) -> None:
    fd, scratch = tempfile.mkstemp(prefix="labhosts-")
    with os.fdopen(fd, "w") as fh:
        fh.write(new_text)
    shutil.copyfile(target, target + ".labhosts.bak")
    shutil.copyfile(scratch, target)
    os.unlink(scratch)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roster", type=Path)
    ap.add_argument("--room", action="append", help="only these rooms (repeatable)")
    ap.add_argument("--check", action="store_true", help="show the diff size only")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    machines = read_roster(args.roster, {r.lower() for r in args.room or []})
    if not machines:
        log.error("roster produced no machines")
        return 1
    current = Path(HOSTS_TABLE).read_text()
    updated = splice(current, machines)
    if updated == current:
        log.info("hosts table already up to date")
        return 0
    if args.check:
        log.info("%d lines would change", abs(len(updated.splitlines()) - len(current.splitlines())))
        return 0
    try:
        replace_table(HOSTS_TABLE, updated)
    except PermissionError:
        log.error("run this as the lab administrator")
        return 3
    log.info("wrote %d lab entries to %s", len(machines), HOSTS_TABLE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
