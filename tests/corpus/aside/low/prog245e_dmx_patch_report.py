#!/usr/bin/env python3
"""Check a DMX patch sheet for address clashes and universe overflow.

Reads the patch CSV exported from the lighting desk (columns: fixture,
universe, address, footprint) and writes a plain-text report next to it,
so the LX operator can fix clashes before the get-in rather than during
the focus call.
"""
import argparse
import csv
import logging
import sys
from dataclasses import dataclass
from pathlib import Path

LOG = logging.getLogger("patch_report")
UNIVERSE_SIZE = 512


@dataclass
class Fixture:
    name: str
    universe: int
    address: int
    footprint: int

    @property
    def last_channel(self) -> int:
        return self.address + self.footprint - 1


def load_patch(path: Path) -> list:
    """Parse the desk export; bad rows are logged and skipped."""
    fixtures = []
    with path.open(newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        for lineno, row in enumerate(reader, start=2):
            try:
                fixtures.append(Fixture(
                    name=row["fixture"].strip(),
                    universe=int(row["universe"]),
                    address=int(row["address"]),
                    footprint=int(row.get("footprint") or 1),
                ))
            except (KeyError, ValueError, AttributeError) as exc:
                LOG.warning("line %d skipped: %s", lineno, exc)
    LOG.info("loaded %d fixtures from %s", len(fixtures), path)
    return fixtures


def find_problems(fixtures: list) -> list:
    problems = []
    by_universe = {}
    for fx in fixtures:
        if fx.address < 1 or fx.last_channel > UNIVERSE_SIZE:
            problems.append(
                f"{fx.name}: channels {fx.address}-{fx.last_channel} "
                f"do not fit in universe {fx.universe}")
        by_universe.setdefault(fx.universe, []).append(fx)

    for universe, group in sorted(by_universe.items()):
        group.sort(key=lambda f: f.address)
        for prev, cur in zip(group, group[1:]):
            if cur.address <= prev.last_channel:
                problems.append(
                    f"U{universe}: {cur.name} @{cur.address} overlaps "
                    f"{prev.name} ({prev.address}-{prev.last_channel})")
    return problems


def usage_summary(fixtures: list) -> dict:
    used = {}
    for fx in fixtures:
        used[fx.universe] = used.get(fx.universe, 0) + fx.footprint
    return used


def write_report(out: Path, fixtures: list, problems: list) -> None:
    lines = ["DMX patch report", "================", ""]
    for universe, count in sorted(usage_summary(fixtures).items()):
        pct = 100.0 * count / UNIVERSE_SIZE
        lines.append(f"Universe {universe:>3}: {count:>3} channels used ({pct:.0f}%)")
    lines.append("")
    if problems:
        lines.append(f"{len(problems)} problem(s):")
        lines.extend(f"  - {p}" for p in problems)
    else:
        lines.append("No clashes found.")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    LOG.info("report written to %s", out)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("patch_csv", type=Path, help="patch export from the desk")
    parser.add_argument("--out", type=Path, help="report path (default: <csv>.report.txt)")
    parser.add_argument("--strict", action="store_true",
                        help="exit non-zero when any clash is found")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not args.patch_csv.is_file():
        LOG.error("no such patch file: %s", args.patch_csv)
        return 2

    fixtures = load_patch(args.patch_csv)
    problems = find_problems(fixtures)
    out = args.out or args.patch_csv.with_suffix(".report.txt")
    try:
        write_report(out, fixtures, problems)
    except OSError as exc:
        LOG.error("could not write report: %s", exc)
        return 1
    for p in problems:
        LOG.warning(p)
    return 1 if (problems and args.strict) else 0


if __name__ == "__main__":
    sys.exit(main())
