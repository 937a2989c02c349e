#!/usr/bin/env python3
"""Recommends hood sizes from customer head measurements.

Reads a CSV of measurements (species, head width and beak-to-nape length in
millimetres) and writes a fitting report for the workshop.
"""
import argparse
import csv
import importlib
import logging
import pathlib
import sys
from dataclasses import dataclass, asdict

log = logging.getLogger("hood-sizes")

# (max head width mm, size) per species, smallest first
SIZE_BANDS = {
    "kestrel": [(20, "00"), (23, "0"), (26, "1")],
    "merlin": [(22, "0"), (25, "1"), (28, "2")],
    "harris hawk": [(30, "5"), (34, "6"), (38, "7")],
    "peregrine": [(30, "6"), (33, "7"), (36, "8")],
    "red-tailed hawk": [(34, "7"), (38, "8"), (42, "9")],
}


@dataclass
class Fitting:
    customer: str
    species: str
    width_mm: float
    length_mm: float
    size: str
    note: str = ""


def size_picker(bands):
    def pick(width):
        for limit, size in bands:
            if width <= limit:
                return size, ""
        return bands[-1][1], "above chart - custom block advised"
    return pick


def read_rows(path):
    with open(path, newline="") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                yield row["customer"].strip(), row["species"].strip().lower(), \
                    float(row["width_mm"]), float(row["length_mm"])
            except (KeyError, ValueError) as exc:
                log.warning("line %d skipped: %s", lineno, exc)


def fit_all(rows):
    pickers = {sp: size_picker(b) for sp, b in SIZE_BANDS.items()}
    for customer, species, width, length in rows:
        picker = pickers.get(species)
        if picker is None:
            yield Fitting(customer, species, width, length, "?", "species not in chart")
            continue
        size, note = picker(width)
        if length > width * 1.6:
            note = (note + "; " if note else "") + "long beak - check opening"
        yield Fitting(customer, species, width, length, size, note)


def write_csv(fittings, out):
    with open(out, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(Fitting.__dataclass_fields__))
        w.writeheader()
        for f in fittings:
            w.writerow(asdict(f))


def write_json(fittings, out):
    json = importlib.import_module("json")
    pathlib.Path(out).write_text(json.dumps([asdict(f) for f in fittings], indent=2))


def write_text(fittings, out):
    lines = [f"{f.customer:<20} {f.species:<16} size {f.size:<3} {f.note}" for f in fittings]
    pathlib.Path(out).write_text("\n".join(lines) + "\n")


WRITERS = {"csv": write_csv, "json": write_json, "txt": write_text}


def main(argv=None):
    ap = argparse.ArgumentParser(description="hood size recommendations")
    ap.add_argument("measurements", help="CSV with customer,species,width_mm,length_mm")
    ap.add_argument("--format", choices=sorted(WRITERS), default="txt")
    ap.add_argument("--out", help="output file (default: fittings.<format>)")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        fittings = list(fit_all(read_rows(args.measurements)))
    except OSError as exc:
        log.error("cannot read %s: %s", args.measurements, exc)
        return 1
    if not fittings:
        log.warning("no usable measurements")
        return 1
    out = args.out or f"fittings.{args.format}"
    WRITERS[args.format](fittings, out)
    unknown = sum(1 for f in fittings if f.size == "?")
    log.info("%d fittings written to %s (%d need manual sizing)", len(fittings), out, unknown)
    return 0


if __name__ == "__main__":
    sys.exit(main())
