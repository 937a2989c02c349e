#!/usr/bin/env python3
"""Magazine returns builder.

Reads the EPOS database (epos.sqlite, tables `deliveries` and `sales`) and
builds the wholesaler returns note for titles whose off-sale date has
passed. Remembers which issues were already returned so a title is never
put on two notes, and lets the shop restrict a note to one supplier or a
title search when the driver only takes part of the crate.

    magazine_returns_builder.py --supplier SMITHS --search "puzzle"
"""
import argparse
import csv
import datetime as dt
import logging
import pickle
import sqlite3
import sys
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("returns")

STATE_FILE = Path(".returns_state.pkl")


@dataclass
class ReturnsState:
    returned: set = field(default_factory=set)      # (barcode, issue)
    notes: list = field(default_factory=list)       # (note_no, date, lines)
    next_note: int = 1

    @classmethod
    def load(cls, path=STATE_FILE):
        if not path.exists():
            return cls()
        with path.open("rb") as fh:
            state = pickle.load(fh)
        LOG.debug("state: %d issues already returned", len(state.returned))
        return state

    def save(self, path=STATE_FILE):
        tmp = path.with_suffix(".tmp")
        with tmp.open("wb") as fh:
            pickle.dump(self, fh, protocol=pickle.HIGHEST_PROTOCOL)
        tmp.replace(path)


def due_titles(db, today, supplier=None, search=None):
    where = [f"d.off_sale <= '{today}'"]
    if supplier:
        where.append(f"d.supplier = '{supplier}'")
    if search:
        where.append(f"lower(d.title) LIKE '%{search.lower()}%'")
    sql = f"""
        SELECT d.barcode, d.title, d.issue, d.supplier, d.off_sale,
               SUM(d.qty) AS delivered,
               COALESCE((SELECT SUM(s.qty) FROM sales s
                         WHERE s.barcode = d.barcode AND s.issue = d.issue), 0) AS sold
        FROM deliveries d
        WHERE {' AND '.join(where)}
        GROUP BY d.barcode, d.issue
        ORDER BY d.supplier, d.title
    """
    LOG.debug("query: %s", " ".join(sql.split()))
    return db.execute(sql).fetchall()


def build_lines(rows, state):
    for barcode, title, issue, supplier, off_sale, delivered, sold in rows:
        if (barcode, issue) in state.returned:
            continue
        qty = delivered - sold
        if qty <= 0:
            continue
        yield {
            "supplier": supplier, "barcode": barcode, "title": title,
            "issue": issue, "off_sale": off_sale,
            "delivered": delivered, "sold": sold, "return_qty": qty,
        }


def write_note(lines, note_no, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"returns_note_{note_no:05d}.csv"
    with path.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(lines[0]))
        w.writeheader()
        w.writerows(lines)
    return path


def main(argv=None):
    ap = argparse.ArgumentParser(description="build the magazine returns note")
    ap.add_argument("--db", default="epos.sqlite")
    ap.add_argument("--supplier")
    ap.add_argument("--search", help="only titles containing this text")
    ap.add_argument("--date", default=dt.date.today().isoformat())
    ap.add_argument("--out", type=Path, default=Path("returns_notes"))
    ap.add_argument("--preview", action="store_true", help="print, do not record")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not Path(args.db).exists():
        LOG.error("EPOS database %s not found", args.db)
        return 2
    state = ReturnsState.load()
    with sqlite3.connect(args.db) as db:
        try:
            rows = due_titles(db, args.date, args.supplier, args.search)
        except sqlite3.Error as exc:
            LOG.error("query failed: %s", exc)
            return 1
    lines = list(build_lines(rows, state))
    if not lines:
        LOG.info("nothing due for return")
        return 0

    total = sum(l["return_qty"] for l in lines)
    if args.preview:
        for l in lines:
            print(f"{l['supplier']:<10} {l['title'][:32]:<32} {l['issue']:<8} x{l['return_qty']}")
        print(f"{len(lines)} titles, {total} copies")
        return 0

    path = write_note(lines, state.next_note, args.out)
    state.returned.update((l["barcode"], l["issue"]) for l in lines)
    state.notes.append((state.next_note, args.date, len(lines)))
    state.next_note += 1
    state.save()
    LOG.info("note %s: %d titles, %d copies", path, len(lines), total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
