#!/usr/bin/env python3
"""Window tint VLT calculator.

Works out the net visible light transmission (VLT) of a film on top of the
factory glass, and checks the result against the state tint law for the
front side windows and the rear glass, so the counter staff can tell a
customer before the install whether the shade they picked is legal.

The law table is kept in tint_limits.yaml so the shop manager can update it
when a state changes its rules:

    TX: {front: 25, rear: null, strip_in: 5, reflect_max: 25}

    tint_vlt_calculator.py --state TX --film 20 --glass 78
"""
import argparse
import json
import logging
import sys
from pathlib import Path

import yaml

LOG = logging.getLogger("vlt-calc")

DEFAULT_TABLE = Path(__file__).with_name("tint_limits.yaml")

SEED = {
    "CA": {"front": 70, "rear": None, "strip_in": 4, "reflect_max": None},
    "FL": {"front": 28, "rear": 15, "strip_in": 0, "reflect_max": 25},
    "NY": {"front": 70, "rear": None, "strip_in": 6, "reflect_max": None},
    "TX": {"front": 25, "rear": None, "strip_in": 5, "reflect_max": 25},
}


class LimitsTable:
    def __init__(self, path):
        self.path = Path(path)
        self.rows = {}

    def load(self):
        if not self.path.exists():
            LOG.warning("%s missing, writing starter table", self.path)
            self.path.write_text(yaml.safe_dump(SEED, sort_keys=True))
        with self.path.open() as fh:
            self.rows = yaml.load(fh, Loader=yaml.Loader) or {}
        LOG.debug("loaded %d states from %s", len(self.rows), self.path)
        return self

    def rule(self, state):
        return self.rows.get(state.upper())


def net_vlt(*layers_pct):
    """Multiply transmissions of stacked layers, returning a percentage."""
    result = 1.0
    for pct in layers_pct:
        if not 0 < pct <= 100:
            raise ValueError(f"VLT must be between 0 and 100, got {pct}")
        result *= pct / 100.0
    return round(result * 100.0, 1)


def check(table, state, vlt, position):
    rule = table.rule(state)
    if rule is None:
        return None, f"no tint data for {state}"
    minimum = rule.get(position)
    if minimum is None:
        return True, f"{state} has no minimum for {position} windows"
    ok = vlt >= minimum
    verdict = "legal" if ok else "too dark"
    return ok, f"{vlt}% vs {minimum}% minimum for {position} in {state}: {verdict}"


def parse_args(argv):
    ap = argparse.ArgumentParser(description="Net VLT and tint law check")
    ap.add_argument("--state", required=True, help="two-letter state code")
    ap.add_argument("--film", type=float, required=True, help="film VLT %%")
    ap.add_argument("--glass", type=float, default=75.0,
                    help="factory glass VLT %% (default 75)")
    ap.add_argument("--layer", type=float, action="append", default=[],
                    help="extra layer VLT %% (repeatable, e.g. existing film)")
    ap.add_argument("--position", choices=("front", "rear"), default="front")
    ap.add_argument("--table", default=str(DEFAULT_TABLE))
    ap.add_argument("--json", action="store_true", help="machine-readable output")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")
    try:
        table = LimitsTable(args.table).load()
    except (OSError, yaml.YAMLError) as exc:
        LOG.error("cannot read limits table: %s", exc)
        return 2

    try:
        vlt = net_vlt(args.glass, args.film, *args.layer)
    except ValueError as exc:
        LOG.error("%s", exc)
        return 2

    state = args.state.upper()
    ok, message = check(table, state, vlt, args.position)
    strip = (table.rule(state) or {}).get("strip_in")

    if args.json:
        json.dump({"state": state, "net_vlt": vlt, "position": args.position,
                   "legal": ok, "windshield_strip_in": strip, "note": message},
                  sys.stdout, indent=2)
        print()
    else:
        print(f"Net VLT: {vlt}%")
        print(message)
        if strip:
            print(f"Windshield strip allowed: {strip} in. from top")
    return 0 if ok in (True, None) else 1


if __name__ == "__main__":
    sys.exit(main())
