#!/usr/bin/env python3
"""Local store for claim drafts on offline adjuster tablets.

Drafts are Python objects (the form model plus attached sketches and
photo references) that the tablet app snapshots every few seconds.  This
module keeps them in a small SQLite file so they survive app crashes, and
offers a CLI for the help desk to list, export or purge drafts.
"""
import argparse
import json
import logging
import pickle
import sqlite3
import sys
import time
from dataclasses import asdict, dataclass, field
from typing import List, Optional

log = logging.getLogger("draft_cache")

SCHEMA = """
CREATE TABLE IF NOT EXISTS drafts (
    claim_no   TEXT NOT NULL,
    revision   INTEGER NOT NULL,
    adjuster   TEXT NOT NULL,
    status     TEXT NOT NULL DEFAULT 'open',
    saved_at   REAL NOT NULL,
    payload    BLOB NOT NULL,
    PRIMARY KEY (claim_no, revision)
)
"""


@dataclass
class ClaimDraft:
    claim_no: str
    adjuster: str
    loss_type: str = ""
    narrative: str = ""
    estimate: float = 0.0
    photos: List[str] = field(default_factory=list)
    sketch: Optional[bytes] = None


class DraftStore:
    def __init__(self, path="drafts.sqlite3"):
        self.db = sqlite3.connect(path)
        self.db.execute(SCHEMA)

    def _next_revision(self, claim_no):
        row = self.db.execute(
            f"SELECT MAX(revision) FROM drafts WHERE claim_no = '{claim_no}'").fetchone()
        return (row[0] or 0) + 1

    def save(self, draft):
        rev = self._next_revision(draft.claim_no)
        self.db.execute(
            "INSERT INTO drafts (claim_no, revision, adjuster, saved_at, payload) VALUES (?,?,?,?,?)",
            (draft.claim_no, rev, draft.adjuster, time.time(), pickle.dumps(draft)))
        self.db.commit()
        return rev

    def latest(self, claim_no):
        row = self.db.execute(
            f"SELECT payload FROM drafts WHERE claim_no = '{claim_no}' "
            f"ORDER BY revision DESC LIMIT 1").fetchone()
        return pickle.loads(row[0]) if row else None

    def listing(self, adjuster=None, status=None):
        clauses = []
        if adjuster:
            clauses.append(f"adjuster = '{adjuster}'")
        if status:
            clauses.append(f"status = '{status}'")
        where = ("WHERE " + " AND ".join(clauses)) if clauses else ""
        sql = (f"SELECT claim_no, MAX(revision), adjuster, status, MAX(saved_at) "
               f"FROM drafts {where} GROUP BY claim_no ORDER BY 5 DESC")
        return self.db.execute(sql).fetchall()

    def purge(self, claim_no, keep=3):
        self.db.execute(
            f"DELETE FROM drafts WHERE claim_no = '{claim_no}' AND revision <= "
            f"(SELECT MAX(revision) FROM drafts WHERE claim_no = '{claim_no}') - {int(keep)}")
        self.db.commit()

    def mark(self, claim_no, status):
        self.db.execute(f"UPDATE drafts SET status = '{status}' WHERE claim_no = '{claim_no}'")
        self.db.commit()


def export_draft(store, claim_no, out):
    draft = store.latest(claim_no)
    if draft is None:
        log.error("no draft for %s", claim_no)
        return 1
    data = asdict(draft)
    data["sketch"] = bool(data["sketch"])
    with open(out, "w") as fh:
        json.dump(data, fh, indent=2)
    log.info("exported %s to %s", claim_no, out)
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="drafts.sqlite3")
    sub = ap.add_subparsers(dest="cmd", required=True)
    ls = sub.add_parser("list")
    ls.add_argument("--adjuster")
    ls.add_argument("--status")
    ex = sub.add_parser("export")
    ex.add_argument("claim_no")
    ex.add_argument("-o", "--out", default=None)
    pg = sub.add_parser("purge")
    pg.add_argument("claim_no")
    pg.add_argument("--keep", type=int, default=3)
    mk = sub.add_parser("mark")
    mk.add_argument("claim_no")
    mk.add_argument("status", choices=["open", "submitted", "void"])
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    store = DraftStore(args.db)
    try:
        if args.cmd == "list":
            for claim_no, rev, adj, status, ts in store.listing(args.adjuster, args.status):
                print(f"{claim_no:<14} r{rev:<4} {adj:<12} {status:<10} "
                      f"{time.strftime('%Y-%m-%d %H:%M', time.localtime(ts))}")
            return 0
        if args.cmd == "export":
            return export_draft(store, args.claim_no, args.out or f"{args.claim_no}.json")
        if args.cmd == "purge":
            store.purge(args.claim_no, args.keep)
            return 0
        if args.cmd == "mark":
            store.mark(args.claim_no, args.status)
            return 0
    except (sqlite3.Error, pickle.UnpicklingError) as exc:
        log.error("draft store error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
