#!/usr/bin/env python3
"""Check and describe vanilla and multiplex-free siteswaps for the
beginner workshop handouts.

Reads patterns from the command line or a text file (one per line) and
prints validity, object count, period and the state at the start.
"""
import argparse
import json
import logging
import pathlib
import sys
from dataclasses import dataclass, asdict

log = logging.getLogger("siteswap")


@dataclass
class Report:
    pattern: str
    valid: bool
    objects: int = 0
    period: int = 0
    ground_state: bool = False
    reason: str = ""


def parse(pattern):
    return [int(ch, 36) for ch in pattern.strip().lower()]


def landing_ok(throws):
    n = len(throws)
    return len({(i + t) % n for i, t in enumerate(throws)}) == n


def start_state(throws):
    """Slots filled at beat 0, from throws made before the pattern starts."""
    n, top = len(throws), max(throws)
    state = [0] * (top + 1)
    for beat in range(-1, -top - 1, -1):
        land = beat + throws[beat % n]
        if 0 <= land <= top:
            state[land] = 1
    return state


def analyse(pattern):
    try:
        throws = parse(pattern)
    except ValueError:
        return Report(pattern, False, reason="non-siteswap character")
    if not throws:
        return Report(pattern, False, reason="empty")
    total = sum(throws)
    if total % len(throws):
        return Report(pattern, False, reason="average is not whole")
    if not landing_ok(throws):
        return Report(pattern, False, reason="collision")
    objects = total // len(throws)
    state = start_state(throws)
    ground = all(state[:objects]) and not any(state[objects:])
    return Report(pattern, True, objects, len(throws), ground)


FORMATTERS = {
    "text": lambda r: f"{r.pattern:>10}  " + (
        f"ok  {r.objects} obj, period {r.period}" if r.valid else f"bad ({r.reason})"),
    "json": lambda r: json.dumps(asdict(r)),
}


def gather(args):
    items = list(args.patterns)
    if args.file:
        try:
            text = pathlib.Path(args.file).read_text(encoding="utf-8")
        except OSError as exc:
            log.error("cannot read %s: %s", args.file, exc)
            return items
        items += [ln.strip() for ln in text.splitlines()
                  if ln.strip() and not ln.startswith("#")]
    return items


def main(argv=None):
    ap = argparse.ArgumentParser(description="Siteswap checker")
    ap.add_argument("patterns", nargs="*")
    ap.add_argument("-f", "--file", help="file with one pattern per line")
    ap.add_argument("--format", choices=sorted(FORMATTERS), default="text")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    patterns = gather(args)
    if not patterns:
        ap.error("no patterns given")
    fmt = FORMATTERS[args.format]
    bad = 0
    for p in patterns:
        rep = analyse(p)
        bad += not rep.valid
        print(fmt(rep))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
