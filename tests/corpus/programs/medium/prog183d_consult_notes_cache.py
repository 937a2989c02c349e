#!/usr/bin/env python3
"""Consultation notes cache for the bridal design team.

Loads the season's flower palette config (YAML) and keeps a per-couple cache
of consultation notes so the tablet app opens quickly between appointments.
"""
import argparse
import logging
import os
import pickle
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

import yaml

log = logging.getLogger("notes-cache")

CACHE_DIR = Path(os.environ.get("PV_NOTES_CACHE", "./.notes_cache"))
PALETTE_FILE = Path(os.environ.get("PV_PALETTE", "./palettes/season.yaml"))


@dataclass
class ConsultNote:
    couple: str
    wedding_date: str
    venue: str
    palette: str
    flowers: list = field(default_factory=list)
    budget: float = 0.0
    remarks: str = ""


def load_palettes(path: Path) -> dict:
    with path.open() as fh:
        data = yaml.load(fh, Loader=yaml.Loader)
    return data.get("palettes", {})


def cache_path(couple: str) -> Path:
    slug = "".join(ch if ch.isalnum() else "_" for ch in couple.lower())
    return CACHE_DIR / f"{slug}.pkl"


def save_note(note: ConsultNote) -> Path:
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    target = cache_path(note.couple)
    with target.open("wb") as fh:
        pickle.dump(note, fh)
    return target


def load_note(couple: str):
    target = cache_path(couple)
    if not target.exists():
        return None
    with target.open("rb") as fh:
        return pickle.load(fh)


def list_upcoming(days: int) -> list:
    notes = []
    today = date.today()
    for pkl in sorted(CACHE_DIR.glob("*.pkl")):
        with pkl.open("rb") as fh:
            note = pickle.load(fh)
        try:
            delta = (date.fromisoformat(note.wedding_date) - today).days
        except ValueError:
            continue
        if 0 <= delta <= days:
            notes.append((delta, note))
    return sorted(notes, key=lambda x: x[0])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    add = sub.add_parser("add")
    add.add_argument("couple")
    add.add_argument("wedding_date")
    add.add_argument("venue")
    add.add_argument("--palette", default="blush")
    add.add_argument("--flower", action="append", default=[])
    add.add_argument("--budget", type=float, default=0.0)
    add.add_argument("--remarks", default="")
    show = sub.add_parser("show")
    show.add_argument("couple")
    up = sub.add_parser("upcoming")
    up.add_argument("--days", type=int, default=30)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.cmd == "add":
        palettes = load_palettes(PALETTE_FILE) if PALETTE_FILE.exists() else {}
        if palettes and args.palette not in palettes:
            log.warning("palette %s not in season config", args.palette)
        flowers = args.flower or palettes.get(args.palette, {}).get("flowers", [])
        note = ConsultNote(args.couple, args.wedding_date, args.venue, args.palette,
                           flowers, args.budget, args.remarks)
        log.info("saved %s", save_note(note))
    elif args.cmd == "show":
        note = load_note(args.couple)
        if note is None:
            log.error("no notes for %s", args.couple)
            return 1
        for k, v in vars(note).items():
            print(f"{k:>13}: {v}")
    else:
        for delta, note in list_upcoming(args.days):
            print(f"{delta:>3}d  {note.wedding_date}  {note.couple:<28} {note.venue}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
