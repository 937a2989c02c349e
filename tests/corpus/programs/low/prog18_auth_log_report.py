#!/usr/bin/env python3
"""Summarises failed SSH logins from the system's authentication log and
writes a CSV for the weekly security review."""
import argparse
import collections
import csv
import gzip
import logging
import pwd
import re
from pathlib import Path

log = logging.getLogger("authreport")

FAILED = re.compile(r"Failed password for (invalid user )?(?P<user>\S+) from (?P<ip>[\d.]+)")
LOG_DIR = Path("/var/log")


def log_lines(pattern: str):
    for path in sorted(LOG_DIR.glob(pattern)):
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt", errors="replace") as handle:
            yield from handle


def known_users():
    return {entry.pw_name for entry in pwd.getpwall()}


def summarise(lines):
    per_ip = collections.Counter()
    per_user = collections.Counter()
    for line in lines:
        match = FAILED.search(line)
        if match:
            per_ip[match["ip"]] += 1
            per_user[match["user"]] += 1
    return per_ip, per_user


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default="failed-logins.csv")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    per_ip, per_user = summarise(log_lines("auth.log*"))
    users = known_users()
    with open(args.out, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["kind", "name", "failures", "local_account"])
        for ip, count in per_ip.most_common():
            writer.writerow(["ip", ip, count, ""])
        for user, count in per_user.most_common():
            writer.writerow(["user", user, count, user in users])
    log.info("wrote %s", args.out)


if __name__ == "__main__":
    main()
