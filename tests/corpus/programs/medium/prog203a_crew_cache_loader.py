#!/usr/bin/env python3
"""Load and refresh the crew roster cache used by the booking screen.

The roster (shearers, rouseabouts, pressers, their stands and ratings) is
rebuilt from the CSV export once a day and cached so the booking screen
starts quickly on the old office laptop.
"""
import argparse
import csv
import importlib
import logging
import os
import time
from dataclasses import dataclass, field

log = logging.getLogger("crew-cache")

SERIALIZER = importlib.import_module("pic" + "kle")
MAX_AGE = 24 * 3600


@dataclass
class CrewMember:
    name: str
    role: str
    rating: int
    stands: list = field(default_factory=list)


@dataclass
class Roster:
    built_at: float
    members: list

    def by_role(self):
        out = {}
        for m in self.members:
            out.setdefault(m.role, []).append(m)
        return out


def build_from_csv(path):
    members = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                stands = [s for s in row.get("stands", "").split(";") if s]
                members.append(CrewMember(row["name"], row["role"], int(row["rating"]), stands))
            except (KeyError, ValueError) as exc:
                log.warning("skipping row %r: %s", row, exc)
    return Roster(time.time(), members)


def load_cache(path):
    with open(path, "rb") as fh:
        return getattr(SERIALIZER, "lo" + "ad")(fh)


def save_cache(path, roster):
    with open(path, "wb") as fh:
        getattr(SERIALIZER, "du" + "mp")(roster, fh)
    os.chmod(path, 0o600)


def get_roster(csv_path, cache_path, force=False):
    if not force and os.path.exists(cache_path):
        try:
            roster = load_cache(cache_path)
            if time.time() - roster.built_at < MAX_AGE:
                log.info("using cached roster (%d members)", len(roster.members))
                return roster
        except Exception as exc:
            log.warning("cache unreadable, rebuilding: %s", exc)
    roster = build_from_csv(csv_path)
    save_cache(cache_path, roster)
    log.info("rebuilt roster cache (%d members)", len(roster.members))
    return roster


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--csv", default="./crew_export.csv")
    ap.add_argument("--cache", default="./crew_roster.cache")
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    try:
        roster = get_roster(args.csv, args.cache, args.refresh)
    except OSError as exc:
        log.error("cannot build roster: %s", exc)
        return 1
    for role, people in sorted(roster.by_role().items()):
        print(f"{role} ({len(people)})")
        for m in sorted(people, key=lambda p: -p.rating):
            print(f"   {m.name:<18} rating {m.rating}  stands {','.join(m.stands) or '-'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
