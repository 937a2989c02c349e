#!/usr/bin/env python3
"""Check a signal box interlocking table against its lever pull sequences.

The museum's restored frame has a transcribed locking table (which levers
lock which) and a set of demonstration sequences. This flags any sequence
that would pull a lever while it is locked.
"""
import argparse
import csv
import json
import logging
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("interlocking.check")


@dataclass
class Frame:
    locks: dict = field(default_factory=dict)      # lever -> set of levers it locks
    released_by: dict = field(default_factory=dict)  # lever -> levers that must be reversed
    reversed: set = field(default_factory=set)

    def locked(self, lever: str) -> list:
        blockers = [l for l in self.reversed if lever in self.locks.get(l, set())]
        missing = [l for l in self.released_by.get(lever, set()) if l not in self.reversed]
        return blockers + [f"needs {m}" for m in missing]


def load_table(path: Path) -> Frame:
    frame = Frame()
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            lever = row["lever"].strip()
            frame.locks[lever] = {x.strip() for x in row.get("locks", "").split() if x.strip()}
            frame.released_by[lever] = {x.strip() for x in row.get("released_by", "").split() if x.strip()}
    return frame


def pull(frame: Frame, lever: str):
    problems = frame.locked(lever)
    if problems:
        return problems
    frame.reversed.add(lever)
    return []


def push_back(frame: Frame, lever: str):
    frame.reversed.discard(lever)
    return []


MOVES = {"R": pull, "N": push_back}


def check_sequence(table: Path, name: str, steps: list) -> list:
    frame = load_table(table)
    faults = []
    for idx, step in enumerate(steps, 1):
        lever, move = step[:-1], step[-1].upper()
        handler = MOVES.get(move)
        if handler is None:
            faults.append(f"{name} step {idx}: unknown move {step!r}")
            continue
        for problem in handler(frame, lever):
            faults.append(f"{name} step {idx}: lever {lever} blocked ({problem})")
    return faults


def write_report(faults: list, fmt: str, dest: Path) -> None:
    writers = {
        "json": lambda: json.dumps({"faults": faults}, indent=2),
        "text": lambda: "\n".join(faults) or "all sequences clear",
    }
    dest.write_text(writers[fmt]() + "\n", encoding="utf-8")


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Interlocking table checker")
    p.add_argument("table", type=Path, help="locking table CSV")
    p.add_argument("sequences", type=Path, help="JSON of named lever sequences")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--out", type=Path, default=Path("interlocking_report.txt"))
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        sequences = json.loads(args.sequences.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        log.error("cannot read sequences: %s", exc)
        return 2
    faults = []
    for name, steps in sequences.items():
        try:
            faults.extend(check_sequence(args.table, name, steps))
        except (OSError, KeyError) as exc:
            log.error("table problem while checking %s: %s", name, exc)
            return 2
    write_report(faults, args.format, args.out)
    log.info("%d sequences checked, %d faults, report in %s",
             len(sequences), len(faults), args.out)
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
