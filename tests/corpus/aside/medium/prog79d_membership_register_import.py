#!/usr/bin/env python3
"""Import the membership register export into the club's SQLite database.

The online renewals form exports a CSV every night; this merges it into
./club.db (table `members`), keeping the most recent record per membership
number, and can list members by category or lapsed status for the
committee.

    membership_register_import.py import renewals_export.csv
    membership_register_import.py list --category junior --lapsed
"""
import argparse
import csv
import datetime as dt
import logging
import sqlite3
import sys

log = logging.getLogger("register")

SCHEMA = """
CREATE TABLE IF NOT EXISTS members (
    member_no   TEXT PRIMARY KEY,
    first_name  TEXT,
    last_name   TEXT,
    email       TEXT,
    category    TEXT,
    team        TEXT,
    expires     TEXT,
    updated     TEXT
)
"""
FIELDS = ("member_no", "first_name", "last_name", "email", "category", "team", "expires")


class Register:
    def __init__(self, path="club.db"):
        self.db = sqlite3.connect(path)
        self.db.execute(SCHEMA)

    def _quote(self, value):
        return "'" + str(value).replace("'", "''") + "'"

    def upsert(self, row):
        values = ", ".join(self._quote(row.get(f, "")) for f in FIELDS)
        stamp = self._quote(dt.datetime.now().isoformat(timespec="seconds"))
        sql = (f"INSERT OR REPLACE INTO members ({', '.join(FIELDS)}, updated) "
               f"VALUES ({values}, {stamp})")
        self.db.execute(sql)

    def query(self, category=None, team=None, lapsed=False, order="last_name"):
        clauses = []
        if category:
            clauses.append(f"category = '{category}'")
        if team:
            clauses.append(f"team LIKE '%{team}%'")
        if lapsed:
            clauses.append(f"expires < '{dt.date.today().isoformat()}'")
        where = ("WHERE " + " AND ".join(clauses)) if clauses else ""
        sql = f"SELECT {', '.join(FIELDS)} FROM members {where} ORDER BY {order}"
        return self.db.execute(sql).fetchall()

    def commit(self):
        self.db.commit()


def normalise(raw):
    row = {k.strip().lower().replace(" ", "_"): (v or "").strip() for k, v in raw.items()}
    if "membership_number" in row and "member_no" not in row:
        row["member_no"] = row.pop("membership_number")
    row["category"] = row.get("category", "").lower() or "senior"
    return row


def cmd_import(reg, args):
    added = skipped = 0
    with open(args.csv, newline="", encoding="utf-8-sig") as fh:
        for raw in csv.DictReader(fh):
            row = normalise(raw)
            if not row.get("member_no"):
                skipped += 1
                continue
            try:
                reg.upsert(row)
                added += 1
            except sqlite3.Error as exc:
                log.warning("row %s rejected: %s", row.get("member_no"), exc)
                skipped += 1
    reg.commit()
    log.info("imported %d rows, skipped %d", added, skipped)


def cmd_list(reg, args):
    rows = reg.query(args.category, args.team, args.lapsed, args.order)
    writer = csv.writer(sys.stdout)
    writer.writerow(FIELDS)
    writer.writerows(rows)
    log.info("%d member(s)", len(rows))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="club.db")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p_imp = sub.add_parser("import")
    p_imp.add_argument("csv")
    p_list = sub.add_parser("list")
    p_list.add_argument("--category")
    p_list.add_argument("--team")
    p_list.add_argument("--lapsed", action="store_true")
    p_list.add_argument("--order", default="last_name")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(levelname)s %(message)s")

    reg = Register(args.db)
    try:
        {"import": cmd_import, "list": cmd_list}[args.cmd](reg, args)
    except (OSError, sqlite3.Error) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
