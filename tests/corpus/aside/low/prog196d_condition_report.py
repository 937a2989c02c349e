#!/usr/bin/env python3
"""Produce condition reports for consigned books from the intake sheet.

One Markdown report per item, written into ./reports, with a summary of
grades at the end.
"""
import argparse
import csv
import logging
import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("condition")

GRADES = {"F": "Fine", "VG": "Very Good", "G": "Good", "FR": "Fair", "P": "Poor"}


@dataclass
class Item:
    ref: str
    title: str
    author: str
    year: str
    grade: str
    binding: str = ""
    faults: list = field(default_factory=list)

    @classmethod
    def from_row(cls, row: dict) -> "Item":
        faults = [f.strip() for f in row.get("faults", "").split(";") if f.strip()]
        return cls(row["ref"], row["title"], row.get("author", "Anon."), row.get("year", "n.d."),
                   row.get("grade", "G").upper(), row.get("binding", ""), faults)


def section(title):
    def deco(fn):
        def wrapped(item):
            body = fn(item)
            return f"## {title}\n\n{body}\n" if body else ""
        wrapped.order = len(SECTIONS)
        SECTIONS.append(wrapped)
        return wrapped
    return deco


SECTIONS = []


@section("Item")
def item_block(item):
    return f"**{item.title}** — {item.author}, {item.year}\n\nReference: `{item.ref}`"


@section("Binding")
def binding_block(item):
    return item.binding


@section("Condition")
def condition_block(item):
    grade = GRADES.get(item.grade, item.grade)
    lines = [f"Overall: {grade}"] + [f"- {f}" for f in item.faults]
    return "\n".join(lines)


def render(item: Item) -> str:
    return f"# Condition report {item.ref}\n\n" + "\n".join(s(item) for s in SECTIONS if s(item))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sheet", type=Path)
    ap.add_argument("--out", type=Path, default=Path("reports"))
    ap.add_argument("--private", action="store_true", help="reports readable by owner only")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    args.out.mkdir(exist_ok=True)
    tally = Counter()
    try:
        with args.sheet.open(newline="", encoding="utf-8") as fh:
            rows = list(csv.DictReader(fh))
    except OSError as exc:
        log.error("cannot read %s: %s", args.sheet, exc)
        return 1
    for row in rows:
        try:
            item = Item.from_row(row)
        except KeyError as exc:
            log.warning("row missing %s, skipped", exc)
            continue
        target = args.out / f"{item.ref}.md"
        target.write_text(render(item), encoding="utf-8")
        if args.private:
            os.chmod(target, 0o600)
        tally[GRADES.get(item.grade, item.grade)] += 1
    for grade, n in tally.most_common():
        log.info("%-10s %d", grade, n)
    log.info("%d report(s) in %s", sum(tally.values()), args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
