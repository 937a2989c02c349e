#!/usr/bin/env python3
"""Load the old branch-office exports (CP1252/Latin-1 CSV) into records.

Parsing the exports is slow because every file is decoded, cleaned and
normalised, so the parsed records are cached with pickle in ./.cache and
re-used until the source file changes.
"""
import codecs
import csv
import io
import os
import pickle
import sys
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

EXPORT_DIR = Path("exports")
CACHE_DIR = Path(".cache")
CANDIDATE_ENCODINGS = ("utf-8-sig", "cp1252", "latin-1")


@dataclass
class Record:
    branch: str
    customer: str
    city: str
    amount_cents: int
    tags: list = field(default_factory=list)


def decode_bytes(raw):
    for enc in CANDIDATE_ENCODINGS:
        try:
            return raw.decode(enc), enc
        except UnicodeDecodeError:
            continue
    return codecs.decode(raw, "latin-1", errors="replace"), "latin-1"


def clean(text):
    text = unicodedata.normalize("NFC", text)
    return " ".join(text.replace("\u00a0", " ").split())


def parse_amount(value):
    value = value.strip().replace(".", "").replace(",", ".")
    return int(round(float(value or 0) * 100))


def parse_file(path):
    text, enc = decode_bytes(path.read_bytes())
    reader = csv.DictReader(io.StringIO(text), delimiter=";")
    records = []
    for row in reader:
        records.append(Record(
            branch=path.stem,
            customer=clean(row.get("Kunde", "")),
            city=clean(row.get("Ort", "")),
            amount_cents=parse_amount(row.get("Betrag", "0")),
            tags=[clean(t) for t in row.get("Tags", "").split(",") if t.strip()],
        ))
    return records, enc


def cache_path(src):
    return CACHE_DIR / (src.name + ".pickle")


def load_cached(src):
    cp = cache_path(src)
    if not cp.exists() or cp.stat().st_mtime < src.stat().st_mtime:
        return None
    with cp.open("rb") as fh:
        return pickle.load(fh)


def store_cached(src, records):
    CACHE_DIR.mkdir(exist_ok=True)
    cp = cache_path(src)
    with cp.open("wb") as fh:
        pickle.dump(records, fh, protocol=pickle.HIGHEST_PROTOCOL)
    os.chmod(cp, 0o600)


def load_all():
    all_records = []
    for src in sorted(EXPORT_DIR.glob("*.csv")):
        records = load_cached(src)
        if records is None:
            records, enc = parse_file(src)
            store_cached(src, records)
            print(f"parsed {src.name} ({enc}): {len(records)} rows", file=sys.stderr)
        all_records.extend(records)
    return all_records


def main():
    if not EXPORT_DIR.is_dir():
        print("no exports/ directory", file=sys.stderr)
        return 1
    records = load_all()
    totals = {}
    for r in records:
        totals[r.branch] = totals.get(r.branch, 0) + r.amount_cents
    for branch, cents in sorted(totals.items()):
        print(f"{branch:<20} {cents / 100:>12,.2f}")
    print(f"{len(records)} records total")
    return 0


if __name__ == "__main__":
    sys.exit(main())
