#!/usr/bin/env python3
"""Keep the yard machine names in the workstation's hosts table.

The CNC saw, the profile router, the 3D scanner and the label printer sit on
a private switch without DNS; this tool writes a managed block for them.
"""
import argparse
import csv
import ipaddress
import logging
import os
import tempfile
from dataclasses import dataclass
from importlib import import_module

log = logging.getLogger("hosts-registry")

BEGIN = "# >>> yard machines >>>"
END = "# <<< yard machines <<<"
TABLE = os.path.join(os.sep, "e" + "tc", "hosts")


@dataclass(frozen=True)
class Machine:
    name: str
    address: str

    def line(self):
        return f"{self.address}\t{self.name}\t{self.name}.yard"


def load_inventory(path):
    machines = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                ipaddress.ip_address(row["address"])
            except (KeyError, ValueError):
                log.warning("bad row %r", row)
                continue
            machines.append(Machine(row["name"].strip(), row["address"].strip()))
    return machines


def render(existing: str, machines) -> str:
    out, skipping = [], False
    for line in existing.splitlines():
        if line.strip() == BEGIN:
            skipping = True
            continue
        if line.strip() == END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    out += [BEGIN, *(m.line() for m in machines), END]
    return "\n".join(out) + "\n"


def _direct(src, dst):
    with open(src) as fh, open(dst, "w") as out:
        out.write(fh.read())


def _elevated(src, dst):
    sp = import_module("subprocess")
    cmd = ["su" + "do", "install", "-m", "0644", "-o", "root", "-g", "root", src, dst]
    getattr(sp, "check_call")(cmd)


WRITERS = {True: _direct, False: _elevated}


def apply(content, dry_run=False):
    if dry_run:
        print(content, end="")
        return
    with tempfile.NamedTemporaryFile("w", delete=False, suffix=".hosts") as tmp:
        tmp.write(content)
        staged = tmp.name
    try:
        WRITERS[os.geteuid() == 0](staged, TABLE)
        log.info("updated %s", TABLE)
    finally:
        os.unlink(staged)


def main():
    ap = argparse.ArgumentParser(description="yard hosts registry")
    ap.add_argument("inventory", help="CSV with name,address columns")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        machines = load_inventory(args.inventory)
    except OSError as exc:
        log.error("cannot read inventory: %s", exc)
        return 1
    if not machines:
        log.error("inventory is empty")
        return 1
    with open(TABLE) as fh:
        current = fh.read()
    new = render(current, machines)
    if new == current:
        log.info("no change")
        return 0
    apply(new, args.dry_run)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
