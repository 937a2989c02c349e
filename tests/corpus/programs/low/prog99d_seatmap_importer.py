#!/usr/bin/env python3
"""seatmap_importer - turn a ticketing-system seat export into the box office seat map.

The ticketing system exports one row per seat:

    section,row,seat,x,y,price_band,flags

This tool validates the export, merges the venue's published layout metadata
(stage position, section names and colours) and writes seatmap.json for the
box office front end.
"""
from __future__ import annotations

import argparse
import csv
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

LOG = logging.getLogger("seatmap_importer")

LAYOUT_BASE = os.environ.get("SEATMAP_LAYOUT_BASE", "https://layouts.example.org/venues")
USER_AGENT = "boxoffice-seatmap/2.3"
VALID_FLAGS = {"wheelchair", "companion", "restricted_view", "aisle", "house_seat"}
REQUIRED_COLUMNS = {"section", "row", "seat", "x", "y", "price_band"}
DEFAULT_LAYOUT = {"stage": {"x": 0, "y": 0, "width": 100}, "sections": {}}


class SeatExportError(Exception):
    """Raised when the ticketing export cannot be used."""


@dataclass
class Seat:
    section: str
    row: str
    number: int
    x: float
    y: float
    price_band: str
    flags: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        return f"{self.section}-{self.row}{self.number}"


def read_seats(path: Path) -> list[Seat]:
    seats: list[Seat] = []
    seen: set[str] = set()
    with path.open(newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh)
        missing = REQUIRED_COLUMNS - set(reader.fieldnames or [])
        if missing:
            raise SeatExportError(f"export is missing columns: {', '.join(sorted(missing))}")
        for lineno, rec in enumerate(reader, start=2):
            try:
                seat = Seat(
                    section=rec["section"].strip().upper(),
                    row=rec["row"].strip().upper(),
                    number=int(rec["seat"]),
                    x=float(rec["x"]),
                    y=float(rec["y"]),
                    price_band=rec["price_band"].strip() or "STD",
                    flags=[f for f in (rec.get("flags") or "").lower().split(";") if f],
                )
            except (TypeError, ValueError) as exc:
                raise SeatExportError(f"line {lineno}: {exc}") from exc
            unknown = set(seat.flags) - VALID_FLAGS
            if unknown:
                LOG.warning("line %d: ignoring unknown flags %s", lineno, sorted(unknown))
                seat.flags = [f for f in seat.flags if f in VALID_FLAGS]
            if seat.label in seen:
                raise SeatExportError(f"line {lineno}: duplicate seat {seat.label}")
            seen.add(seat.label)
            seats.append(seat)
    LOG.info("read %d seats from %s", len(seats), path)
    return seats


def fetch_layout(venue: str, base: str, timeout: float = 10.0) -> dict:
    url = f"{base.rstrip('/')}/{venue}/layout.json"
    req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, "Accept": "application/json"})
    LOG.info("fetching layout metadata from %s", url)
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


def apply_layout(seats: list[Seat], layout: dict) -> dict:
    sections_meta = layout.get("sections", {})
    sections: dict[str, dict] = {}
    for seat in sorted(seats, key=lambda s: (s.section, s.row, s.number)):
        meta = sections_meta.get(seat.section, {})
        bucket = sections.setdefault(
            seat.section,
            {
                "name": meta.get("name", seat.section.title()),
                "colour": meta.get("colour", "#888888"),
                "seats": [],
            },
        )
        bucket["seats"].append(asdict(seat) | {"label": seat.label})
    return {"stage": layout.get("stage", DEFAULT_LAYOUT["stage"]), "sections": sections}


def summarise(seatmap: dict) -> str:
    bands: Counter[str] = Counter()
    access = 0
    for section in seatmap["sections"].values():
        for seat in section["seats"]:
            bands[seat["price_band"]] += 1
            access += "wheelchair" in seat["flags"]
    parts = ", ".join(f"{band}: {n}" for band, n in sorted(bands.items()))
    return f"{sum(bands.values())} seats ({parts}); {access} wheelchair spaces"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Import a ticketing seat export into seatmap.json")
    parser.add_argument("export", type=Path, help="CSV seat export from the ticketing system")
    parser.add_argument("--venue", required=True, help="venue slug, e.g. main-house or studio")
    parser.add_argument("--out", type=Path, default=Path("seatmap.json"))
    parser.add_argument("--offline", action="store_true", help="skip the layout server and use defaults")
    parser.add_argument("--layout-base", default=LAYOUT_BASE)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)-7s %(message)s",
    )

    try:
        seats = read_seats(args.export)
    except (OSError, SeatExportError) as exc:
        LOG.error("cannot read export: %s", exc)
        return 2

    layout = DEFAULT_LAYOUT
    if not args.offline:
        try:
            layout = fetch_layout(args.venue, args.layout_base)
        except (urllib.error.URLError, json.JSONDecodeError, TimeoutError) as exc:
            LOG.warning("layout server unavailable (%s); using default layout", exc)

    seatmap = apply_layout(seats, layout)
    seatmap["venue"] = args.venue
    tmp = args.out.with_suffix(".json.part")
    tmp.write_text(json.dumps(seatmap, indent=2), encoding="utf-8")
    tmp.replace(args.out)
    LOG.info("wrote %s: %s", args.out, summarise(seatmap))
    return 0


if __name__ == "__main__":
    sys.exit(main())
