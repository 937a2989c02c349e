#!/usr/bin/env python3
"""Turn an HR onboarding CSV into an LDIF batch for the directory team.

Input : ./onboarding/new_hires.csv (uid,given,sn,department,manager)
Output: ./out/new_hires.ldif and ./out/initial_credentials.csv (mode 0600)

The LDIF is applied later by the directory team through their change process;
this script never talks to the LDAP server itself.
"""
import argparse
import base64
import csv
import hashlib
import logging
import os
import secrets
import string
from pathlib import Path

LOG = logging.getLogger("ldif-batch")
ALPHABET = string.ascii_letters + string.digits + "-_.!"
PEOPLE_BASE = "ou=People,dc=corp,dc=example"
UID_START = 20000


def make_password(length=16):
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


def pbkdf2_userpassword(password, rounds=60000):
    """OpenLDAP pw-pbkdf2 compatible {PBKDF2-SHA512} value."""
    salt = secrets.token_bytes(16)
    dk = hashlib.pbkdf2_hmac("sha512", password.encode(), salt, rounds)
    ab64 = lambda b: base64.b64encode(b).decode().rstrip("=").replace("+", ".")
    return "{PBKDF2-SHA512}%d$%s$%s" % (rounds, ab64(salt), ab64(dk))


class Entry:
    def __init__(self, row, uid_number):
        self.uid = row["uid"].strip().lower()
        self.given = row["given"].strip()
        self.sn = row["sn"].strip()
        self.department = row.get("department", "").strip()
        self.manager = row.get("manager", "").strip()
        self.uid_number = uid_number
        self.password = make_password()

    def to_ldif(self):
        lines = [
            f"dn: uid={self.uid},{PEOPLE_BASE}",
            "changetype: add",
            "objectClass: inetOrgPerson",
            "objectClass: posixAccount",
            f"uid: {self.uid}",
            f"cn: {self.given} {self.sn}",
            f"givenName: {self.given}",
            f"sn: {self.sn}",
            f"uidNumber: {self.uid_number}",
            f"gidNumber: {self.uid_number}",
            f"homeDirectory: /home/{self.uid}",
            "loginShell: /bin/bash",
            f"userPassword: {pbkdf2_userpassword(self.password)}",
        ]
        if self.department:
            lines.append(f"departmentNumber: {self.department}")
        if self.manager:
            lines.append(f"manager: uid={self.manager},{PEOPLE_BASE}")
        return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--csv", default="onboarding/new_hires.csv")
    ap.add_argument("--outdir", default="out")
    ap.add_argument("--first-uid", type=int, default=UID_START)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    outdir = Path(args.outdir)
    outdir.mkdir(exist_ok=True)
    entries, seen = [], set()
    with open(args.csv, newline="", encoding="utf-8") as fh:
        for n, row in enumerate(csv.DictReader(fh)):
            if not row.get("uid") or row["uid"] in seen:
                LOG.warning("skipping row %d (missing or duplicate uid)", n + 2)
                continue
            seen.add(row["uid"])
            entries.append(Entry(row, args.first_uid + len(entries)))

    (outdir / "new_hires.ldif").write_text("\n".join(e.to_ldif() for e in entries))
    cred_path = outdir / "initial_credentials.csv"
    with open(cred_path, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["uid", "initial_password"])
        writer.writerows((e.uid, e.password) for e in entries)
    os.chmod(cred_path, 0o600)
    LOG.info("wrote %d entries to %s", len(entries), outdir)


if __name__ == "__main__":
    main()
