#!/usr/bin/env python3
"""Instrument insurance valuer.

Reads the orchestra's instrument register (CSV), applies valuation rules and
produces the schedule the insurer asks for at renewal: insured value per
instrument, section totals and a list of items whose appraisal is overdue.

Valuation rules live in small Python files under ./valuation_plugins/; each
file defines ``adjust(item, value) -> value`` so the finance officer can add
e.g. a rule for bows by named makers without touching this script.
"""
import argparse
import csv
import datetime as dt
import json
import logging
import sys
from collections import defaultdict
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path

log = logging.getLogger("insurance_valuer")

CONFIG_FILE = Path("valuer.json")
DEFAULTS = {
    "plugin_dir": "valuation_plugins",
    "appraisal_max_age_years": 3,
    "base_uplift_pct": 2.5,       # yearly market uplift for string instruments
    "currency": "GBP",
}


def load_config() -> dict:
    cfg = dict(DEFAULTS)
    if CONFIG_FILE.exists():
        try:
            cfg.update(json.loads(CONFIG_FILE.read_text()))
        except json.JSONDecodeError as exc:
            log.warning("ignoring broken %s: %s", CONFIG_FILE, exc)
    return cfg


class RuleSet:
    """Collects ``adjust`` callables from rule files."""

    def __init__(self, plugin_dir: Path):
        self.plugin_dir = plugin_dir
        self.rules: dict[str, object] = {}

    def _load_file(self, path: Path) -> None:
        namespace = {"__name__": f"valuation_{path.stem}", "Decimal": Decimal}
        code = compile(path.read_text(encoding="utf-8"), str(path), "exec")
        exec(code, namespace)
        fn = namespace.get("adjust")
        if callable(fn):
            self.rules[path.stem] = fn
            log.info("loaded rule %s", path.stem)
        else:
            log.warning("%s has no adjust()", path.name)

    def load(self) -> "RuleSet":
        if not self.plugin_dir.is_dir():
            log.info("no rule directory %s, using base valuation only", self.plugin_dir)
            return self
        for path in sorted(self.plugin_dir.glob("*.py")):
            try:
                self._load_file(path)
            except Exception as exc:
                log.error("rule %s failed to load: %s", path.name, exc)
        return self

    def apply(self, item: dict, value: Decimal) -> Decimal:
        for name, fn in self.rules.items():
            try:
                value = Decimal(fn(item, value))
            except Exception as exc:
                log.error("rule %s failed on %s: %s", name, item.get("tag"), exc)
        return value


def base_value(item: dict, cfg: dict, today: dt.date) -> Decimal:
    appraised = Decimal(item["appraised_value"])
    when = dt.date.fromisoformat(item["appraised_on"])
    years = Decimal((today - when).days) / Decimal(365)
    if item.get("family") in {"strings", "bows"}:
        appraised *= (1 + Decimal(str(cfg["base_uplift_pct"])) / 100) ** int(years)
    return appraised


def value_register(rows, rules: RuleSet, cfg: dict):
    today = dt.date.today()
    overdue = []
    schedule = []
    for item in rows:
        try:
            value = rules.apply(item, base_value(item, cfg, today))
        except (KeyError, ValueError, ArithmeticError) as exc:
            log.error("row %s skipped: %s", item.get("tag", "?"), exc)
            continue
        value = value.quantize(Decimal("1"), rounding=ROUND_HALF_UP)
        schedule.append({**item, "insured_value": str(value)})
        age = (today - dt.date.fromisoformat(item["appraised_on"])).days / 365
        if age > cfg["appraisal_max_age_years"]:
            overdue.append(item)
    return schedule, overdue


def write_schedule(schedule, path: Path, currency: str) -> None:
    totals = defaultdict(Decimal)
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["tag", "section", "description", "maker", "insured_value", "currency"])
        for it in schedule:
            w.writerow([it["tag"], it["section"], it["description"], it.get("maker", ""),
                        it["insured_value"], currency])
            totals[it["section"]] += Decimal(it["insured_value"])
    for section, total in sorted(totals.items()):
        print(f"{section:<20} {currency} {total:>12,}")
    print(f"{'TOTAL':<20} {currency} {sum(totals.values()):>12,}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Build the instrument insurance schedule")
    ap.add_argument("register", type=Path, help="instrument register CSV")
    ap.add_argument("-o", "--output", type=Path, default=Path("insurance_schedule.csv"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)-7s %(message)s")

    cfg = load_config()
    rules = RuleSet(Path(cfg["plugin_dir"])).load()
    try:
        with args.register.open(newline="", encoding="utf-8") as fh:
            rows = list(csv.DictReader(fh))
    except OSError as exc:
        log.error("cannot read register: %s", exc)
        return 1

    schedule, overdue = value_register(rows, rules, cfg)
    write_schedule(schedule, args.output, cfg["currency"])
    for it in overdue:
        log.warning("appraisal overdue: %s %s (last %s)", it["tag"], it["description"], it["appraised_on"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
