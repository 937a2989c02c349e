#!/usr/bin/env python3
"""CRM contact de-duplication.

Groups contacts in a CRM export database that share a normalised e-mail
address or phone number, keeps the most recently updated record of each
group as the survivor, re-points tickets to it and marks the others as merged.

    crm_contact_dedupe.py --db crm_export.db [--apply]
"""
import argparse
import hashlib
import json
import logging
import re
import sqlite3
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("crm-dedupe")

PHONE_DIGITS = re.compile(r"\D+")


def normalise_email(value):
    if not value:
        return None
    local, _, domain = value.strip().lower().partition("@")
    if domain in ("gmail.com", "googlemail.com"):
        local = local.split("+", 1)[0].replace(".", "")
        domain = "gmail.com"
    return f"{local}@{domain}" if domain else None


def normalise_phone(value):
    digits = PHONE_DIGITS.sub("", value or "")
    return digits[-10:] if len(digits) >= 7 else None


def match_keys(row):
    keys = []
    email = normalise_email(row["email"])
    phone = normalise_phone(row["phone"])
    if email:
        keys.append(hashlib.md5(b"e:" + email.encode()).hexdigest())
    if phone:
        keys.append(hashlib.md5(b"p:" + phone.encode()).hexdigest())
    return keys


def find_groups(db):
    parent = {}

    def find(x):
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    by_key = defaultdict(list)
    for row in db.execute("SELECT id, email, phone FROM contacts WHERE merged_into IS NULL"):
        for key in match_keys(row):
            by_key[key].append(row["id"])
    for ids in by_key.values():
        for other in ids[1:]:
            parent[find(other)] = find(ids[0])
    groups = defaultdict(set)
    for cid in parent:
        groups[find(cid)].add(cid)
    return [g for g in groups.values() if len(g) > 1]


def choose_survivor(db, ids):
    stamps = {}
    for cid in ids:
        row = db.execute("SELECT updated_at FROM contacts WHERE id = ?", (cid,)).fetchone()
        stamps[cid] = row["updated_at"] or ""
    # newest record wins; ties go to the lowest id
    return sorted(ids, key=lambda c: (stamps[c], -c if isinstance(c, int) else 0), reverse=True)[0]


def merge(db, survivor, losers):
    for loser in losers:
        db.execute("UPDATE tickets SET contact_id = ? WHERE contact_id = ?", (survivor, loser))
        db.execute("UPDATE contacts SET merged_into = ? WHERE id = ?", (survivor, loser))


def main():
    ap = argparse.ArgumentParser(description="de-duplicate CRM contacts")
    ap.add_argument("--db", type=Path, default=Path("crm_export.db"))
    ap.add_argument("--apply", action="store_true", help="write merges (default: report only)")
    ap.add_argument("--report", type=Path, default=Path("dedupe_report.json"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.db.exists():
        log.error("database %s not found", args.db)
        return 2

    db = sqlite3.connect(args.db)
    db.row_factory = sqlite3.Row
    groups = find_groups(db)
    log.info("%d duplicate groups found", len(groups))

    report = []
    with db:
        for ids in groups:
            survivor = choose_survivor(db, ids)
            losers = sorted(ids - {survivor})
            report.append({"survivor": survivor, "merged": losers})
            if args.apply:
                merge(db, survivor, losers)
    args.report.write_text(json.dumps(report, indent=2))
    log.info("%s %d groups, report in %s",
             "merged" if args.apply else "would merge", len(report), args.report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
