#!/usr/bin/env python3
"""Compile change-ringing place notation into printed rows.

Reads a methods file (JSON list of {"name", "stage", "notation"}) and writes
the plain course of each method as a text file of rows, followed by the lead
heads and a truth check. The output goes into the practice-sheets folder that
the tower secretary prints for Tuesday practice night.
"""

import argparse
import json
import logging
import re
import sys
from pathlib import Path

log = logging.getLogger("methodrows")

BELL_SYMBOLS = "1234567890ETABCD"
STAGE_NAMES = {
    5: "Doubles", 6: "Minor", 7: "Triples", 8: "Major",
    9: "Caters", 10: "Royal", 11: "Cinques", 12: "Maximus",
}


class PlaceNotationError(ValueError):
    pass


def _tokens(segment, stage):
    tokens, current = [], ""
    for ch in segment:
        if ch in "xX-":
            if current:
                tokens.append(current)
                current = ""
            tokens.append("x")
        elif ch == "." or ch.isspace():
            if current:
                tokens.append(current)
                current = ""
        elif ch.upper() in BELL_SYMBOLS[:stage]:
            current += ch.upper()
        else:
            raise PlaceNotationError(f"unexpected {ch!r} in {segment!r}")
    if current:
        tokens.append(current)
    return tokens


def _palindrome(seq):
    return seq + seq[-2::-1] if seq else seq


def _places(token, stage):
    if token == "x":
        if stage % 2:
            raise PlaceNotationError("cross change on an odd stage")
        return frozenset()
    places = {BELL_SYMBOLS.index(c) for c in token}
    if min(places) % 2 == 1:
        places.add(0)
    if (stage - 1 - max(places)) % 2 == 1:
        places.add(stage - 1)
    return frozenset(places)


def parse_notation(notation, stage):
    """Expand notation such as 'x16x16x16,12' into a list of changes."""
    notation = notation.strip().lstrip("&")
    if "," in notation:
        first, second = notation.split(",", 1)
        tokens = _palindrome(_tokens(first, stage)) + _palindrome(_tokens(second, stage))
    else:
        tokens = _tokens(notation, stage)
    if not tokens:
        raise PlaceNotationError("empty notation")
    return [_places(t, stage) for t in tokens]


def apply_change(row, places):
    out = list(row)
    i = 0
    while i < len(out) - 1:
        if i in places:
            i += 1
            continue
        if i + 1 in places:
            raise PlaceNotationError(f"bad change {sorted(places)} at position {i}")
        out[i], out[i + 1] = out[i + 1], out[i]
        i += 2
    return tuple(out)


def plain_course(changes, stage, max_leads=None):
    rounds = tuple(range(stage))
    row = rounds
    rows, lead_heads = [rounds], [rounds]
    max_leads = max_leads or stage * 4
    for _ in range(max_leads):
        for change in changes:
            row = apply_change(row, change)
            rows.append(row)
        lead_heads.append(row)
        if row == rounds:
            return rows, lead_heads
    raise PlaceNotationError(f"course did not come round within {max_leads} leads")


def fmt(row):
    return "".join(BELL_SYMBOLS[b] for b in row)


def slug(name):
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def write_sheet(method, out_dir):
    stage = int(method["stage"])
    changes = parse_notation(method["notation"], stage)
    rows, lead_heads = plain_course(changes, stage)
    seen, falsities = set(), []
    for idx, row in enumerate(rows[:-1]):
        if row in seen:
            falsities.append(idx)
        seen.add(row)
    title = f"{method['name']} {STAGE_NAMES.get(stage, str(stage))}"
    target = out_dir / f"{slug(title)}.txt"
    with target.open("w", encoding="utf-8") as fh:
        fh.write(f"{title}\nNotation: {method['notation']}\n\n")
        lead_len = len(changes)
        for idx, row in enumerate(rows):
            fh.write(fmt(row) + ("  <" if idx % lead_len == 0 else "") + "\n")
        fh.write("\nLead heads: " + " ".join(fmt(r) for r in lead_heads) + "\n")
        fh.write(f"Changes: {len(rows) - 1}  True: {'yes' if not falsities else 'no'}\n")
    log.info("%s: %d changes, %d leads -> %s", title, len(rows) - 1, len(lead_heads) - 1, target)
    return not falsities


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("methods", type=Path, help="JSON file of methods")
    ap.add_argument("-o", "--out", type=Path, default=Path("practice_sheets"))
    ap.add_argument("-m", "--method", action="append", help="only these method names")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        methods = json.loads(args.methods.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot read %s: %s", args.methods, exc)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    wanted = {m.lower() for m in args.method} if args.method else None
    failures = 0
    for method in methods:
        if wanted and method.get("name", "").lower() not in wanted:
            continue
        try:
            if not write_sheet(method, args.out):
                log.warning("%s is false in the plain course", method["name"])
        except (KeyError, PlaceNotationError) as exc:
            failures += 1
            log.error("skipping %s: %s", method.get("name", "?"), exc)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
