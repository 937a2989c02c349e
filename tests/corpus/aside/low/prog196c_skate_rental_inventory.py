#!/usr/bin/env python3
"""Skate rental counter inventory: sizes on the shelf, pairs out, pairs
due for sharpening. State lives in rental_state.json next to the CSV.
"""
import argparse
import csv
import json
import logging
import os
from dataclasses import dataclass, asdict, field
from datetime import datetime
from pathlib import Path

log = logging.getLogger("rental")

STATE = Path("rental_state.json")
SHARPEN_AFTER = 25


@dataclass
class Pair:
    tag: str
    size: str
    kind: str
    uses: int = 0
    out_since: str = ""
    history: list = field(default_factory=list)

    @property
    def available(self) -> bool:
        return not self.out_since


def load(csv_path: Path):
    pairs = {}
    if STATE.exists():
        for raw in json.loads(STATE.read_text()):
            pairs[raw["tag"]] = Pair(**raw)
    elif csv_path.exists():
        with csv_path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                pairs[row["tag"]] = Pair(row["tag"], row["size"], row.get("kind", "hockey"))
    return pairs


def save(pairs):
    tmp = STATE.with_suffix(".tmp")
    tmp.write_text(json.dumps([asdict(p) for p in pairs.values()], indent=2))
    os.chmod(tmp, 0o600)
    tmp.replace(STATE)


def registry():
    commands = {}

    def command(fn):
        commands[fn.__name__.removeprefix("do_")] = fn
        return fn

    @command
    def do_checkout(pairs, args):
        pair = pairs.get(args.tag)
        if pair is None or not pair.available:
            raise ValueError(f"pair {args.tag} not available")
        pair.out_since = datetime.now().isoformat(timespec="minutes")
        pair.history.append(["out", pair.out_since])
        return True

    @command
    def do_return(pairs, args):
        pair = pairs[args.tag]
        pair.history.append(["in", datetime.now().isoformat(timespec="minutes")])
        pair.out_since = ""
        pair.uses += 1
        return True

    @command
    def do_sharpened(pairs, args):
        pairs[args.tag].uses = 0
        return True

    @command
    def do_report(pairs, _args):
        by_size = {}
        for p in pairs.values():
            slot = by_size.setdefault((p.kind, p.size), [0, 0])
            slot[0 if p.available else 1] += 1
        for (kind, size), (shelf, out) in sorted(by_size.items()):
            print(f"{kind:<8} {size:>5}  shelf {shelf:>3}  out {out:>3}")
        dull = [p.tag for p in pairs.values() if p.uses >= SHARPEN_AFTER]
        if dull:
            print("needs sharpening:", ", ".join(sorted(dull)))
        return False

    return commands


def main():
    commands = registry()
    parser = argparse.ArgumentParser(description="Skate rental inventory")
    parser.add_argument("command", choices=sorted(commands))
    parser.add_argument("tag", nargs="?")
    parser.add_argument("--csv", type=Path, default=Path("skates.csv"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    pairs = load(args.csv)
    try:
        if commands[args.command](pairs, args):
            save(pairs)
    except (KeyError, ValueError) as exc:
        log.error("error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
