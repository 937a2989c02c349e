#!/usr/bin/env python3
"""Feeding rule runner.

Evaluates the husbandry team's feeding rule pack against today's cage census
and writes a feeding worksheet (special diets, gel packs, wet food for
post-op animals, fasting before procedures).  Rule packs are plain Python
files maintained by the husbandry supervisors in ./rulepacks/.
"""
import argparse
import csv
import datetime as dt
import logging
import sys
import types
from pathlib import Path

LOG = logging.getLogger("feeding.rules")

RULEPACK_DIR = Path("rulepacks")


class RuleContext:
    """Object handed to every rule: today's date and helper emitters."""

    def __init__(self, today):
        self.today = today
        self.tasks = []

    def task(self, cage_id, action, note=""):
        self.tasks.append({"cage_id": cage_id, "action": action, "note": note})

    def days_since(self, iso_date):
        if not iso_date:
            return None
        return (self.today - dt.date.fromisoformat(iso_date)).days


def read_census(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            row["count"] = int(row.get("count") or 0)
            yield row


def load_rulepack(name):
    """Load a rule pack module from the local rulepack directory."""
    path = RULEPACK_DIR / f"{name}.py"
    source = path.read_text(encoding="utf-8")
    module = types.ModuleType(f"rulepack_{name}")
    module.__file__ = str(path)
    code = compile(source, str(path), "exec")
    exec(code, module.__dict__)
    rules = getattr(module, "RULES", None)
    if not rules:
        raise ValueError(f"rule pack {name} defines no RULES")
    LOG.info("loaded %d rules from %s", len(rules), path)
    return rules


def apply_rules(rules, census, ctx):
    for cage in census:
        for rule in rules:
            try:
                rule(cage, ctx)
            except Exception as exc:  # one bad rule shouldn't stop the room
                LOG.warning("rule %s failed on %s: %s",
                            getattr(rule, "__name__", rule), cage.get("cage_id"), exc)


def write_worksheet(tasks, out_path):
    with open(out_path, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=["cage_id", "action", "note"])
        w.writeheader()
        for t in sorted(tasks, key=lambda t: t["cage_id"]):
            w.writerow(t)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("census", help="census CSV exported from the colony system")
    ap.add_argument("-p", "--pack", default="standard",
                    help="rule pack name in ./rulepacks (default: standard)")
    ap.add_argument("-o", "--out", default=None)
    ap.add_argument("--date", default=None, help="override today's date (YYYY-MM-DD)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    today = dt.date.fromisoformat(args.date) if args.date else dt.date.today()
    out = args.out or f"feeding_{today.isoformat()}.csv"
    try:
        rules = load_rulepack(args.pack)
    except (OSError, SyntaxError, ValueError) as exc:
        LOG.error("cannot load rule pack: %s", exc)
        return 1

    ctx = RuleContext(today)
    apply_rules(rules, read_census(args.census), ctx)
    write_worksheet(ctx.tasks, out)
    LOG.info("%d feeding tasks written to %s", len(ctx.tasks), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
