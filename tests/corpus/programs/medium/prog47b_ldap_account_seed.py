#!/usr/bin/env python3
"""Seed a staging directory with test accounts from the onboarding CSV.

Produces ./seed/accounts.ldif (with {SSHA} hashes) and ./seed/passwords.csv so
QA can log in as the generated users on the staging Samba/LDAP stack.
"""
import argparse
import base64
import csv
import hashlib
import logging
import os
import random
import string
from pathlib import Path

LOG = logging.getLogger("ldap-seed")
PEOPLE_BASE = "ou=People,dc=staging,dc=example"
CHARSET = string.ascii_letters + string.digits


def make_password(rng, length=12):
    return "".join(rng.choice(CHARSET) for _ in range(length))


def ssha(password, rng):
    """Classic OpenLDAP {SSHA}: SHA-1 over password + 4-byte salt."""
    salt = bytes(rng.getrandbits(8) for _ in range(4))
    digest = hashlib.sha1(password.encode("utf-8") + salt).digest()
    return "{SSHA}" + base64.b64encode(digest + salt).decode("ascii")


class SeedAccount:
    def __init__(self, row, uid_number, rng):
        self.uid = row["uid"].strip().lower()
        self.given = row["given"].strip()
        self.sn = row["sn"].strip()
        self.department = row.get("department", "").strip()
        self.uid_number = uid_number
        self.password = make_password(rng)
        self.hashed = ssha(self.password, rng)

    def to_ldif(self):
        lines = [
            f"dn: uid={self.uid},{PEOPLE_BASE}",
            "changetype: add",
            "objectClass: inetOrgPerson",
            "objectClass: posixAccount",
            "objectClass: sambaSamAccount",
            f"uid: {self.uid}",
            f"cn: {self.given} {self.sn}",
            f"sn: {self.sn}",
            f"uidNumber: {self.uid_number}",
            f"gidNumber: {self.uid_number}",
            f"homeDirectory: /home/{self.uid}",
            f"sambaSID: S-1-5-21-1004336348-1177238915-682003330-{self.uid_number * 2 + 1000}",
            f"userPassword: {self.hashed}",
        ]
        if self.department:
            lines.append(f"departmentNumber: {self.department}")
        return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--csv", default="onboarding/new_hires.csv")
    ap.add_argument("--outdir", default="seed")
    ap.add_argument("--first-uid", type=int, default=30000)
    ap.add_argument("--seed", type=int, default=None,
                    help="fix the RNG seed so QA runs are reproducible")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    rng = random.Random(args.seed)
    outdir = Path(args.outdir)
    outdir.mkdir(exist_ok=True)

    accounts = []
    with open(args.csv, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if not row.get("uid"):
                continue
            accounts.append(SeedAccount(row, args.first_uid + len(accounts), rng))

    (outdir / "accounts.ldif").write_text("\n".join(a.to_ldif() for a in accounts))
    with open(outdir / "passwords.csv", "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["uid", "password"])
        for a in accounts:
            w.writerow([a.uid, a.password])
    os.chmod(outdir / "passwords.csv", 0o600)
    LOG.info("seeded %d accounts into %s", len(accounts), outdir)


if __name__ == "__main__":
    main()
