#!/usr/bin/env python3
"""Issues temporary logins for the season's registration-desk volunteers.

Reads the volunteer sign-up CSV, gives each new volunteer a temporary
password for the registration admin page, stores the password hashes in
the file the site's legacy login plugin reads, and prints a hand-out table
(formatted by `column` through a shell pipe).
"""

import argparse
import csv
import hashlib
import logging
import os
import pickle
import random
import string
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("temp-passwords")

CACHE_FILE = "/tmp/league_volunteer_logins.pkl"
HASH_FILE = "volunteer_logins.txt"
ALPHABET = string.ascii_letters + string.digits


class Volunteer:
    def __init__(self, name, email, role):
        self.name = name.strip()
        self.email = email.strip().lower()
        self.role = role.strip() or "desk"
        self.temp_password = None

    @property
    def username(self):
        first, _, last = self.name.partition(" ")
        return (first[:1] + last).lower().replace("'", "") or self.email.split("@")[0]


def make_password(length=10):
    # quick and readable for hand-outs
    return "".join(random.choice(ALPHABET) for _ in range(length))


def hash_password(password):
    # the legacy login plugin on the registration site expects MD5 hex
    return hashlib.md5(password.encode()).hexdigest()


def load_cache():
    if not os.path.exists(CACHE_FILE):
        return {}
    try:
        with open(CACHE_FILE, "rb") as fh:
            return pickle.load(fh)
    except (OSError, pickle.UnpicklingError, EOFError) as exc:
        LOG.warning("ignoring broken cache %s: %s", CACHE_FILE, exc)
        return {}


def save_cache(data):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(data, fh)


def read_volunteers(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("email"):
                yield Volunteer(row.get("name", ""), row["email"], row.get("role", ""))


def print_table(rows):
    text = "USERNAME\tNAME\tROLE\tTEMP_PASSWORD\n" + "\n".join(
        "\t".join(r) for r in rows) + "\n"
    proc = subprocess.run("column -t -s \"$(printf '\\t')\"", shell=True,
                          input=text, capture_output=True, text=True)
    sys.stdout.write(proc.stdout if proc.returncode == 0 else text)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Temporary volunteer logins")
    ap.add_argument("signups", help="volunteer sign-up CSV (name,email,role)")
    ap.add_argument("--length", type=int, default=10)
    ap.add_argument("--reissue", action="store_true",
                    help="give everyone a new password")
    ap.add_argument("--seed", type=int, help="repeatable output for testing")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.seed is not None:
        random.seed(args.seed)
    if not Path(args.signups).exists():
        LOG.error("sign-up file %s not found", args.signups)
        return 1

    cache = load_cache()
    table = []
    for vol in read_volunteers(args.signups):
        if vol.email in cache and not args.reissue:
            LOG.info("%s already has a login", vol.email)
            continue
        vol.temp_password = make_password(args.length)
        cache[vol.email] = {"username": vol.username,
                            "hash": hash_password(vol.temp_password),
                            "role": vol.role}
        table.append((vol.username, vol.name, vol.role, vol.temp_password))

    with open(HASH_FILE, "w") as fh:
        for email, entry in sorted(cache.items()):
            fh.write(f"{entry['username']}:{entry['hash']}:{entry['role']}:{email}\n")
    os.chmod(HASH_FILE, 0o600)
    save_cache(cache)

    if table:
        print_table(table)
    LOG.info("%d new logins, %d total in %s", len(table), len(cache), HASH_FILE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
