#!/usr/bin/env python3
"""Fragrance oil stock tracker.

Keeps a running balance of fragrance oils (in ml) for the candle room,
deducts usage when a batch is poured, and lists oils that are below their
reorder point.

    fragrance_stock_tracker.py receive "Black Fig" 16oz --supplier CandleScience
    fragrance_stock_tracker.py pour "Black Fig" 240g --batch 2024-118
    fragrance_stock_tracker.py report
"""
import argparse
import base64
import datetime as dt
import logging
import pickle
import re
import sys
import zlib
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("fostock")

STATE_FILE = Path("fragrance_stock.pkl")

# unit helpers shared with the pour-sheet generator
_UNITS_BLOB = (
    "eNptj11rwjAUhu/zKw69ihJinQY/oJfijdIxdrUhIWhbCkkjaSJbx/77EuOKSnMT"
    "eJLnvO/JP/h7zvc7yOBlRdlixtCWv27eIvpJTkUpnLTJGlK6mhNILqKppRQeTGnK"
    "PDjW1rj2+mHJfhHyBuiOW82VxLobrRH4YwrrTAOl1MIGCmPIb9FRUTIousNKDime"
    "wuRJqYxQ7S2oIlAKVcvvrK88NKYKU/4XpFVhcbRIDz97/zCKMUa75hRiztoZX4RA"
    "a4tzxmj6mKDEFw4vJBr4vnjgYefrjf4AcJJysg=="
)


def _load_units():
    ns = {}
    code = zlib.decompress(base64.b64decode(_UNITS_BLOB)).decode()
    exec(compile(code, "<units>", "exec"), ns)
    return ns


units = _load_units()
oz_to_ml = units["oz_to_ml"]
grams_to_ml = units["grams_to_ml"]
round_to_pour = units["round_to_pour"]


@dataclass
class Oil:
    name: str
    on_hand_ml: float = 0.0
    reorder_ml: float = 250.0
    family: str = "default"
    supplier: str = ""
    history: list = field(default_factory=list)

    def record(self, kind, ml, note=""):
        self.history.append((dt.datetime.now().isoformat(timespec="seconds"), kind, round(ml, 1), note))


class Inventory:
    def __init__(self, path=STATE_FILE):
        self.path = path
        self.oils = {}

    def load(self):
        if self.path.exists():
            with self.path.open("rb") as fh:
                self.oils = pickle.load(fh)
            log.debug("loaded %d oils", len(self.oils))
        return self

    def save(self):
        tmp = self.path.with_suffix(".tmp")
        with tmp.open("wb") as fh:
            pickle.dump(self.oils, fh)
        tmp.replace(self.path)

    def get(self, name, create=False):
        key = name.strip().lower()
        if key not in self.oils:
            if not create:
                raise KeyError(f"unknown fragrance: {name}")
            self.oils[key] = Oil(name=name.strip())
        return self.oils[key]


QTY_RE = re.compile(r"^\s*([\d.]+)\s*(ml|oz|g|lb)?\s*$", re.I)


def parse_qty(text, family="default"):
    m = QTY_RE.match(text)
    if not m:
        raise argparse.ArgumentTypeError(f"can't read quantity {text!r}")
    val, unit = float(m.group(1)), (m.group(2) or "ml").lower()
    if unit == "oz":
        return oz_to_ml(val)
    if unit == "lb":
        return oz_to_ml(val * 16)
    if unit == "g":
        return grams_to_ml(val, family)
    return val


def cmd_receive(inv, args):
    oil = inv.get(args.name, create=True)
    if args.supplier:
        oil.supplier = args.supplier
    ml = parse_qty(args.qty, oil.family)
    oil.on_hand_ml += ml
    oil.record("receive", ml, args.supplier or "")
    print(f"{oil.name}: +{ml:.0f} ml -> {oil.on_hand_ml:.0f} ml on hand")


def cmd_pour(inv, args):
    oil = inv.get(args.name)
    ml = round_to_pour(parse_qty(args.qty, oil.family))
    if ml > oil.on_hand_ml:
        log.warning("%s: pouring %.0f ml but only %.0f ml recorded", oil.name, ml, oil.on_hand_ml)
    oil.on_hand_ml = max(0.0, oil.on_hand_ml - ml)
    oil.record("pour", -ml, args.batch or "")
    print(f"{oil.name}: -{ml:.0f} ml (batch {args.batch or 'n/a'}) -> {oil.on_hand_ml:.0f} ml left")


def cmd_report(inv, args):
    rows = sorted(inv.oils.values(), key=lambda o: o.on_hand_ml)
    if not rows:
        print("no oils recorded yet")
        return
    print(f"{'fragrance':28} {'on hand':>9} {'reorder':>8}  supplier")
    for o in rows:
        flag = " *" if o.on_hand_ml <= o.reorder_ml else ""
        print(f"{o.name:28} {o.on_hand_ml:8.0f}m {o.reorder_ml:7.0f}m  {o.supplier}{flag}")
    low = [o.name for o in rows if o.on_hand_ml <= o.reorder_ml]
    if low:
        print(f"\nreorder soon: {', '.join(low)}")


def cmd_set_reorder(inv, args):
    oil = inv.get(args.name)
    oil.reorder_ml = parse_qty(args.qty, oil.family)
    print(f"{oil.name}: reorder point {oil.reorder_ml:.0f} ml")


def build_parser():
    ap = argparse.ArgumentParser(description="Fragrance oil stock tracker")
    ap.add_argument("--state", type=Path, default=STATE_FILE)
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)

    r = sub.add_parser("receive")
    r.add_argument("name")
    r.add_argument("qty")
    r.add_argument("--supplier")
    r.set_defaults(func=cmd_receive)

    p = sub.add_parser("pour")
    p.add_argument("name")
    p.add_argument("qty")
    p.add_argument("--batch")
    p.set_defaults(func=cmd_pour)

    s = sub.add_parser("reorder-at")
    s.add_argument("name")
    s.add_argument("qty")
    s.set_defaults(func=cmd_set_reorder)

    sub.add_parser("report").set_defaults(func=cmd_report)
    return ap


def main(argv=None):
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s: %(message)s")
    inv = Inventory(args.state).load()
    try:
        args.func(inv, args)
    except KeyError as exc:
        print(exc.args[0], file=sys.stderr)
        return 1
    inv.save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
