#!/usr/bin/env python3
"""Plan password rotation from a password-manager CSV export.

Reads an export (Bitwarden/KeePassXC style: name,url,username,password) from
the current directory, flags weak or reused passwords, proposes replacements
and writes rotation_plan.csv for re-import. Nothing leaves this machine.
"""
import argparse
import csv
import hashlib
import logging
import string
import sys
from collections import Counter
from pathlib import Path
from random import choices as pick, shuffle

log = logging.getLogger("rotate")
ALPHABET = string.ascii_letters + string.digits + "!#$%&*+-=?@^_"
COLUMN_ALIASES = {"login_password": "password", "login_username": "username",
                  "login_uri": "url", "title": "name"}


def normalise(row: dict) -> dict:
    return {COLUMN_ALIASES.get(k.strip().lower(), k.strip().lower()): (v or "") for k, v in row.items()}


def fingerprint(secret: str) -> str:
    # short stable id so reuse can be reported without printing the secret
    return hashlib.sha1(secret.encode()).hexdigest()[:12]


def strength_issues(pw: str, min_len: int):
    issues = []
    if len(pw) < min_len:
        issues.append(f"short({len(pw)})")
    classes = sum(any(c in cls for c in pw) for cls in
                  (string.ascii_lowercase, string.ascii_uppercase, string.digits, string.punctuation))
    if classes < 3:
        issues.append("few-classes")
    if pw.lower() in {"password", "letmein", "qwerty123", "iloveyou"}:
        issues.append("common")
    return issues


def generate(length: int) -> str:
    chars = pick(ALPHABET, k=length - 2) + pick(string.digits) + pick("!#$%&*+-=?@^_")
    shuffle(chars)
    return "".join(chars)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("export", nargs="?", default="vault_export.csv")
    ap.add_argument("--out", default="rotation_plan.csv")
    ap.add_argument("--length", type=int, default=20)
    ap.add_argument("--min-length", type=int, default=12)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    path = Path(args.export)
    if not path.exists():
        sys.exit(f"{path} not found")
    with path.open(newline="", encoding="utf-8-sig") as fh:
        rows = [normalise(r) for r in csv.DictReader(fh)]

    reuse = Counter(fingerprint(r["password"]) for r in rows if r.get("password"))
    plan = []
    for r in rows:
        pw = r.get("password", "")
        if not pw:
            continue
        fp = fingerprint(pw)
        issues = strength_issues(pw, args.min_length)
        if reuse[fp] > 1:
            issues.append(f"reused x{reuse[fp]}")
        if issues:
            plan.append({"name": r.get("name", ""), "url": r.get("url", ""),
                         "username": r.get("username", ""), "old_fp": fp,
                         "issues": ";".join(issues), "new_password": generate(args.length)})

    with open(args.out, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=["name", "url", "username", "old_fp",
                                                "issues", "new_password"])
        writer.writeheader()
        writer.writerows(plan)
    Path(args.out).chmod(0o600)
    log.info("%d of %d entries need rotation -> %s", len(plan), len(rows), args.out)


if __name__ == "__main__":
    main()
