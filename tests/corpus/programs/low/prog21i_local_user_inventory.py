#!/usr/bin/env python3
"""List local accounts from /etc/passwd and /etc/group.

Read-only inventory helper for a workstation audit checklist. It parses the
account database files directly, classifies accounts as human or system
using the UID range from /etc/login.defs, and prints a table. Optionally a
CSV copy is written to the current working directory.
"""

import argparse
import csv
import os
import sys
from collections import defaultdict
from dataclasses import dataclass, field

PASSWD = "/etc/passwd"
GROUP = "/etc/group"
LOGIN_DEFS = "/etc/login.defs"
NOLOGIN_SHELLS = {"/usr/sbin/nologin", "/sbin/nologin", "/bin/false", "/usr/bin/false"}


@dataclass
class Account:
    name: str
    uid: int
    gid: int
    gecos: str
    home: str
    shell: str
    groups: list = field(default_factory=list)

    @property
    def can_login(self):
        return self.shell not in NOLOGIN_SHELLS


def read_uid_range(path=LOGIN_DEFS):
    uid_min, uid_max = 1000, 60000
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                parts = line.split()
                if len(parts) != 2 or parts[0].startswith("#"):
                    continue
                if parts[0] == "UID_MIN":
                    uid_min = int(parts[1])
                elif parts[0] == "UID_MAX":
                    uid_max = int(parts[1])
    except (OSError, ValueError):
        pass
    return uid_min, uid_max


def read_accounts(path=PASSWD):
    accounts = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            fields = line.split(":")
            if len(fields) < 7:
                continue
            name, _pw, uid, gid, gecos, home, shell = fields[:7]
            accounts.append(Account(name, int(uid), int(gid), gecos, home, shell))
    return accounts


def read_memberships(path=GROUP):
    members = defaultdict(list)
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            fields = line.rstrip("\n").split(":")
            if len(fields) < 4:
                continue
            group_name, users = fields[0], fields[3]
            for user in filter(None, users.split(",")):
                members[user].append(group_name)
    return members


def classify(accounts, uid_min, uid_max):
    humans, system = [], []
    for acct in accounts:
        (humans if uid_min <= acct.uid <= uid_max else system).append(acct)
    return humans, system


def print_table(title, accounts):
    print(f"\n{title} ({len(accounts)})")
    print(f"{'USER':<18}{'UID':>7}  {'LOGIN':<6}{'HOME':<28}GROUPS")
    for acct in sorted(accounts, key=lambda a: a.uid):
        login = "yes" if acct.can_login else "no"
        groups = ",".join(acct.groups) or "-"
        print(f"{acct.name:<18}{acct.uid:>7}  {login:<6}{acct.home:<28}{groups}")


def write_csv(accounts, filename):
    out = os.path.join(os.getcwd(), filename)
    with open(out, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["name", "uid", "gid", "home", "shell", "groups"])
        for acct in accounts:
            writer.writerow([acct.name, acct.uid, acct.gid, acct.home,
                             acct.shell, ";".join(acct.groups)])
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="include system accounts")
    parser.add_argument("--csv", metavar="FILE", help="also write a CSV file here")
    args = parser.parse_args(argv)

    try:
        accounts = read_accounts()
        memberships = read_memberships()
    except OSError as exc:
        print(f"cannot read account database: {exc}", file=sys.stderr)
        return 1

    for acct in accounts:
        acct.groups = sorted(memberships.get(acct.name, []))

    uid_min, uid_max = read_uid_range()
    humans, system = classify(accounts, uid_min, uid_max)
    print_table("Human accounts", humans)
    if args.all:
        print_table("System accounts", system)

    if args.csv:
        path = write_csv(humans + (system if args.all else []), args.csv)
        print(f"\nwrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
