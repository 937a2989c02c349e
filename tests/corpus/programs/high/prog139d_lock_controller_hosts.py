#!/usr/bin/env python3
"""Register the shed lock controllers by name on the hut PC.

The keypad controllers have fixed addresses on the hut network but no DNS,
so the lock admin page can only find them by name if they are listed in the
hosts file. This reads the lock roster and adds any missing entries.
"""
import argparse
import csv
import ipaddress
import logging
import os
import shlex
import subprocess
import sys

log = logging.getLogger("lock_hosts")

HOSTS_PATH = os.path.join(os.sep, "etc", "hosts")
MARKER = "# shed-locks"
ELEVATE = os.environ.get("LOCKS_ELEVATE", "sudo -n")


class Roster:
    def __init__(self, path):
        self.path = path

    def entries(self):
        with open(self.path, newline="") as fh:
            for row in csv.DictReader(fh):
                try:
                    ip = str(ipaddress.ip_address(row["address"].strip()))
                except (KeyError, ValueError):
                    log.warning("bad address for shed %s", row.get("shed"))
                    continue
                name = f"shed-{row['shed'].strip().lower()}.locks.lan"
                yield ip, name


def existing_names(path=HOSTS_PATH):
    names = set()
    try:
        with open(path) as fh:
            for line in fh:
                parts = line.split("#", 1)[0].split()
                names.update(parts[1:])
    except OSError as exc:
        log.error("cannot read %s: %s", path, exc)
    return names


def append_lines(lines, dry_run):
    text = "".join(f"{ip}\t{name}\t{MARKER}\n" for ip, name in lines)
    if dry_run:
        sys.stdout.write(text)
        return True
    if os.geteuid() == 0:
        with open(HOSTS_PATH, "a") as fh:
            fh.write(text)
        return True
    # not root: hand the write to the elevation helper
    cmd = shlex.split(ELEVATE) + ["tee", "-a", HOSTS_PATH]
    proc = subprocess.run(cmd, input=text.encode(), stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE)
    if proc.returncode != 0:
        log.error("elevated write failed: %s", proc.stderr.decode().strip())
        return False
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roster", help="CSV with shed,address columns")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    known = existing_names()
    try:
        todo = [(ip, n) for ip, n in Roster(args.roster).entries() if n not in known]
    except OSError as exc:
        log.error("cannot read roster: %s", exc)
        return 1

    if not todo:
        log.info("all %s entries already present", MARKER)
        return 0
    for ip, name in todo:
        log.info("adding %s -> %s", name, ip)
    return 0 if append_lines(todo, args.dry_run) else 2


if __name__ == "__main__":
    sys.exit(main())
