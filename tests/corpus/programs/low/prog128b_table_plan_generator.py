#!/usr/bin/env python3
"""Generate a reception table plan from the guest list.

Input is the planner's guest CSV (name, party, side, table_pref, avoid)
plus a small TOML file describing the room: table names and seats, and
which tables are reserved (top table, kids' table). Parties are kept
together, "avoid" pairs are never seated at the same table, and sides are
mixed where it does not split a party. Output is a CSV per table and a
printable HTML seating chart.

    table_plan_generator.py guests.csv room.toml -o plan/
"""
import argparse
import csv
import html
import logging
import random
import sys
import tomllib
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("table-plan")


@dataclass
class Table:
    name: str
    seats: int
    reserved_for: str = ""
    guests: list = field(default_factory=list)

    @property
    def free(self) -> int:
        return self.seats - len(self.guests)


def load_room(path: Path):
    with path.open("rb") as fh:
        room = tomllib.load(fh)
    tables = [Table(t["name"], int(t["seats"]), t.get("reserved_for", ""))
              for t in room.get("tables", [])]
    if not tables:
        raise ValueError("room file defines no tables")
    return tables


def load_parties(path: Path):
    parties = defaultdict(list)
    avoid = set()
    with path.open(newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            name = row["name"].strip()
            if not name:
                continue
            party = row.get("party", "").strip() or name
            parties[party].append({"name": name, "side": row.get("side", "").strip().lower(),
                                   "pref": row.get("table_pref", "").strip()})
            for other in filter(None, (row.get("avoid") or "").split(";")):
                avoid.add(frozenset((name, other.strip())))
    return parties, avoid


def conflicts(table: Table, members, avoid) -> bool:
    seated = {g["name"] for g in table.guests}
    return any(frozenset((m["name"], s)) in avoid for m in members for s in seated)


def side_balance(table: Table, members) -> int:
    sides = [g["side"] for g in table.guests] + [m["side"] for m in members]
    return abs(sides.count("bride") - sides.count("groom"))


def assign(tables, parties, avoid, seed: int):
    rng = random.Random(seed)  # deterministic shuffling so reruns give the same plan
    order = sorted(parties.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    unplaced = []
    for party, members in order:
        pref = next((m["pref"] for m in members if m["pref"]), "")
        candidates = [t for t in tables if t.free >= len(members) and not conflicts(t, members, avoid)]
        if pref:
            preferred = [t for t in candidates if t.name == pref or t.reserved_for == pref]
            candidates = preferred or [t for t in candidates if not t.reserved_for]
        else:
            candidates = [t for t in candidates if not t.reserved_for]
        if not candidates:
            unplaced.append(party)
            continue
        rng.shuffle(candidates)
        best = min(candidates, key=lambda t: (side_balance(t, members), -t.free))
        best.guests.extend(members)
    return unplaced


def write_outputs(tables, out: Path, title: str):
    out.mkdir(parents=True, exist_ok=True)
    with (out / "plan.csv").open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["table", "seat", "guest"])
        for t in tables:
            for i, g in enumerate(t.guests, start=1):
                w.writerow([t.name, i, g["name"]])
    cards = []
    for t in tables:
        names = "".join(f"<li>{html.escape(g['name'])}</li>" for g in t.guests)
        cards.append(f"<section><h2>{html.escape(t.name)}</h2><ol>{names}</ol></section>")
    page = (f"<!doctype html><meta charset=utf-8><title>{html.escape(title)}</title>"
            "<style>body{font-family:Georgia,serif;columns:3}section{break-inside:avoid}</style>"
            f"<h1>{html.escape(title)}</h1>{''.join(cards)}")
    (out / "seating_chart.html").write_text(page, encoding="utf-8")


def main() -> int:
    ap = argparse.ArgumentParser(description="Build a table plan from a guest list")
    ap.add_argument("guests", type=Path)
    ap.add_argument("room", type=Path)
    ap.add_argument("-o", "--out", type=Path, default=Path("plan"))
    ap.add_argument("--title", default="Seating Plan")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        tables = load_room(args.room)
        parties, avoid = load_parties(args.guests)
    except (OSError, KeyError, ValueError, tomllib.TOMLDecodeError) as exc:
        log.error("could not read input: %s", exc)
        return 2
    total = sum(len(m) for m in parties.values())
    seats = sum(t.seats for t in tables)
    log.info("%d guests in %d parties, %d seats at %d tables", total, len(parties), seats, len(tables))
    if total > seats:
        log.warning("more guests than seats")

    unplaced = assign(tables, parties, avoid, args.seed)
    write_outputs(tables, args.out, args.title)
    for t in tables:
        log.info("%-14s %2d/%d", t.name, len(t.guests), t.seats)
    if unplaced:
        log.warning("could not place: %s", ", ".join(unplaced))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
