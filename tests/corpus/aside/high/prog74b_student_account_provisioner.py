#!/usr/bin/env python3
"""Term-start account provisioning: SIS roster export -> Canvas + lab server.

The registrar drops a roster CSV (student_id, given_name, family_name, email,
cohort) into ./incoming each term.  This tool derives a login, issues a
first-login password and creates the user under the school's Canvas
sub-account.  The same login/password is mirrored onto the shared Linux lab
server so students have one credential for both.  A credentials sheet for
homeroom teachers is written next to the roster.
"""
import argparse
import csv
import json
import logging
import os
import pwd
import re
import secrets
import string
import subprocess
import sys
import unicodedata
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("roster_import")

CANVAS_BASE = os.environ.get("CANVAS_BASE_URL", "https://canvas.district.example.org")
PASSWORD_ALPHABET = string.ascii_letters + string.digits
REQUIRED = {"student_id", "given_name", "family_name", "email"}
LAB_GROUP = os.environ.get("LAB_STUDENT_GROUP", "students")


def slug(text):
    norm = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z]", "", norm.lower())


def make_login(given, family, student_id, taken):
    base = f"{slug(given)[:1]}{slug(family)[:10]}" or "student"
    login, n = base, 0
    while login in taken:
        n += 1
        login = f"{base}{student_id[-3:]}" if n == 1 else f"{base}{student_id[-3:]}{n}"
    taken.add(login)
    return login


def first_login_password(length=12):
    while True:
        pw = "".join(secrets.choice(PASSWORD_ALPHABET) for _ in range(length))
        if any(c.isdigit() for c in pw) and any(c.isupper() for c in pw):
            return pw


def iter_roster(path):
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        missing = REQUIRED - set(reader.fieldnames or [])
        if missing:
            raise ValueError(f"roster missing columns: {', '.join(sorted(missing))}")
        for row in reader:
            if (row.get("student_id") or "").strip():
                yield {k: (v or "").strip() for k, v in row.items()}


class CanvasAccounts:
    def __init__(self, base, account_id, token):
        self.base = base.rstrip("/")
        self.account_id = account_id
        self.token = token

    def _request(self, method, path, payload=None):
        data = json.dumps(payload).encode() if payload is not None else None
        req = urllib.request.Request(
            f"{self.base}{path}", data=data, method=method,
            headers={"Authorization": f"Bearer {self.token}",
                     "Content-Type": "application/json",
                     "Accept": "application/json"})
        with urllib.request.urlopen(req, timeout=30) as resp:
            return json.load(resp)

    def create_student(self, entry):
        body = {
            "user": {"name": f"{entry['given_name']} {entry['family_name']}",
                     "sortable_name": f"{entry['family_name']}, {entry['given_name']}",
                     "skip_registration": True},
            "pseudonym": {"unique_id": entry["login"],
                          "sis_user_id": entry["student_id"],
                          "password": entry["password"],
                          "send_confirmation": False},
            "communication_channel": {"type": "email", "address": entry["email"],
                                      "skip_confirmation": True},
        }
        return self._request("POST", f"/api/v1/accounts/{self.account_id}/users", body)


class LabHostAccounts:
    """Mirror Canvas logins onto the lab server this script runs on."""

    def __init__(self, group=LAB_GROUP, shell="/bin/bash"):
        self.group = group
        self.shell = shell
        self.elevate = [] if os.geteuid() == 0 else ["sudo", "--non-interactive"]

    def _run(self, argv, stdin=None):
        res = subprocess.run(self.elevate + argv, input=stdin, text=True,
                             capture_output=True, check=False)
        if res.returncode != 0:
            raise RuntimeError(f"{argv[0]}: {res.stderr.strip() or res.returncode}")
        return res

    @staticmethod
    def exists(login):
        try:
            pwd.getpwnam(login)
            return True
        except KeyError:
            return False

    def ensure(self, entry):
        if self.exists(entry["login"]):
            log.info("lab account %s already present", entry["login"])
            return False
        gecos = f"{entry['given_name']} {entry['family_name']},{entry['student_id']}"
        self._run(["useradd", "--create-home", "--shell", self.shell,
                   "--gid", self.group, "--comment", gecos, entry["login"]])
        self._run(["chpasswd"], stdin=f"{entry['login']}:{entry['password']}\n")
        self._run(["chage", "--lastday", "0", entry["login"]])
        return True


def write_sheet(entries, path):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["cohort", "student_id", "name", "login", "first_login_password"])
        for e in sorted(entries, key=lambda e: (e.get("cohort", ""), e["family_name"])):
            w.writerow([e.get("cohort", ""), e["student_id"],
                        f"{e['given_name']} {e['family_name']}", e["login"], e["password"]])
    os.chmod(path, 0o600)


def main():
    ap = argparse.ArgumentParser(description="Create student accounts from a roster export")
    ap.add_argument("roster", type=Path)
    ap.add_argument("--account-id", default=os.environ.get("CANVAS_ACCOUNT_ID", "1"))
    ap.add_argument("--sheet", type=Path,
                    help="credentials sheet (default: <roster>.credentials.csv)")
    ap.add_argument("--no-lab-accounts", dest="lab", action="store_false",
                    help="only create Canvas users")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("CANVAS_API_TOKEN")
    if not token and not args.dry_run:
        log.error("CANVAS_API_TOKEN not set")
        return 2
    canvas = CanvasAccounts(CANVAS_BASE, args.account_id, token)
    lab = LabHostAccounts() if args.lab else None

    taken, done, failed = set(), [], 0
    for row in iter_roster(args.roster):
        row["login"] = make_login(row["given_name"], row["family_name"],
                                  row["student_id"], taken)
        row["password"] = first_login_password()
        if args.dry_run:
            log.info("[dry-run] %s -> %s", row["student_id"], row["login"])
            done.append(row)
            continue
        try:
            created = canvas.create_student(row)
            log.info("created %s (canvas id %s)", row["login"], created.get("id"))
            if lab is not None and lab.ensure(row):
                log.info("lab account %s created in group %s", row["login"], lab.group)
            done.append(row)
        except urllib.error.HTTPError as exc:
            failed += 1
            detail = exc.read().decode(errors="replace")[:200]
            log.error("%s: HTTP %s %s", row["student_id"], exc.code, detail)
        except urllib.error.URLError as exc:
            log.error("canvas unreachable: %s", exc.reason)
            return 1
        except RuntimeError as exc:
            failed += 1
            log.error("%s: lab account failed: %s", row["login"], exc)

    sheet = args.sheet or args.roster.with_suffix(".credentials.csv")
    write_sheet(done, sheet)
    log.info("%d accounts created, %d failed; sheet at %s", len(done), failed, sheet)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
