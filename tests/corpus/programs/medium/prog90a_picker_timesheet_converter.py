#!/usr/bin/env python3
"""Import picker timesheets from labour-hire contractors into payroll.

Every contractor sends timesheets in its own layout (bins per row,
hours per column, tickets in a sheet tab...). The layout adapters are
small Python files kept next to this tool in ./adapters (or the folder in
TIMESHEET_ADAPTERS) and picked up by name, so a new contractor layout does
not need a new release of this tool.

Output is one normalised CSV per pay period for the payroll import:
picker_id, name, date, block, hours, bins, piece_rate, gross
"""
import argparse
import csv
import hashlib
import logging
import os
import sys
import types
from collections import defaultdict
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path

LOG = logging.getLogger("timesheets")

ADAPTER_DIR = Path(os.environ.get("TIMESHEET_ADAPTERS", Path(__file__).with_name("adapters")))
FIELDS = ["picker_id", "name", "date", "block", "hours", "bins", "piece_rate", "gross"]
MIN_HOURLY = Decimal("23.23")


class AdapterError(RuntimeError):
    pass


class AdapterLoader:
    """Resolves a contractor layout name to a module exposing rows(path)."""

    cache = {}

    def __init__(self, base=ADAPTER_DIR):
        self.base = Path(base)

    def _source(self, name):
        path = self.base / f"{name}.py"
        try:
            return path.read_text(encoding="utf-8"), str(path)
        except OSError as exc:
            raise AdapterError(f"cannot read adapter {name}: {exc}") from exc

    def get(self, name):
        if name in self.cache:
            return self.cache[name]
        text, origin = self._source(name)
        LOG.debug("adapter %s sha256=%s", name, hashlib.sha256(text.encode()).hexdigest()[:12])
        mod = types.ModuleType(f"adapter_{name}")
        mod.__file__ = origin
        code = compile(text, origin, "exec")
        exec(code, mod.__dict__)
        if not callable(getattr(mod, "rows", None)):
            raise AdapterError(f"adapter {name} has no rows() function")
        self.cache[name] = mod
        return mod


def money(value):
    return Decimal(value).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def normalise(raw, rates):
    hours = Decimal(str(raw.get("hours", 0) or 0))
    bins = Decimal(str(raw.get("bins", 0) or 0))
    block = str(raw.get("block", "")).upper()
    rate = Decimal(rates.get(block, rates.get("*", "0")))
    gross = max(bins * rate, hours * MIN_HOURLY)
    return {
        "picker_id": str(raw["picker_id"]).strip(),
        "name": str(raw.get("name", "")).strip().title(),
        "date": str(raw["date"])[:10],
        "block": block,
        "hours": hours,
        "bins": bins,
        "piece_rate": money(rate),
        "gross": money(gross),
    }


def load_rates(path):
    rates = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            rates[row["block"].upper()] = row["rate_per_bin"]
    return rates


def main():
    ap = argparse.ArgumentParser(description="Normalise contractor timesheets for payroll")
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("-l", "--layout", required=True, help="contractor layout name, e.g. harvestcrew_v3")
    ap.add_argument("-r", "--rates", default="piece_rates.csv")
    ap.add_argument("-o", "--out", default="payroll_import.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        adapter = AdapterLoader().get(args.layout)
    except AdapterError as exc:
        LOG.error("%s", exc)
        return 2

    rates = load_rates(args.rates)
    totals = defaultdict(Decimal)
    written = 0
    with open(args.out, "w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=FIELDS)
        writer.writeheader()
        for path in args.files:
            for raw in adapter.rows(path):
                try:
                    rec = normalise(raw, rates)
                except (KeyError, ArithmeticError) as exc:
                    LOG.warning("%s: skipped row %r (%s)", path.name, raw, exc)
                    continue
                writer.writerow(rec)
                totals[rec["picker_id"]] += rec["gross"]
                written += 1
    LOG.info("wrote %d rows for %d pickers to %s (total %s)",
             written, len(totals), args.out, money(sum(totals.values())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
