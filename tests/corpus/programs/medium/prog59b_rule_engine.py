#!/usr/bin/env python3
"""Evaluate alerting rules from a local rules.ini against a metrics CSV.

Each rule section has a `when` expression written by the team, e.g.
    [disk_pressure]
    when = disk_used_pct > 90 and host.startswith("db")
    severity = page
"""
import argparse
import configparser
import csv
import json
import logging
from functools import partial
from itertools import groupby, product
from operator import attrgetter, itemgetter

log = logging.getLogger("rules")
SAFE_BUILTINS = {"abs": abs, "min": min, "max": max, "len": len, "round": round}


class Rule:
    __slots__ = ("name", "expr", "severity", "code")

    def __init__(self, name, expr, severity):
        self.name, self.expr, self.severity = name, expr, severity
        self.code = compile(expr, f"<rule {name}>", "eval")

    def matches(self, row):
        return bool(eval(self.code, {"__builtins__": SAFE_BUILTINS}, row))


def coerce(value):
    for cast in (int, float):
        try:
            return cast(value)
        except ValueError:
            continue
    return value


def load_rules(path):
    cfg = configparser.ConfigParser(interpolation=None)
    if not cfg.read(path, encoding="utf-8"):
        raise FileNotFoundError(path)
    sections = filter(lambda s: cfg.has_option(s, "when"), cfg.sections())
    return [Rule(s, cfg.get(s, "when"), cfg.get(s, "severity", fallback="ticket")) for s in sections]


def load_rows(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for raw in csv.DictReader(fh):
            yield {k: coerce(v) for k, v in raw.items()}


def evaluate(rule, row):
    try:
        return rule.matches(row)
    except Exception as exc:  # a broken rule should not stop the run
        log.warning("rule %s failed on %s: %s", rule.name, row.get("host"), exc)
        return False


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("metrics", help="CSV with one row per host sample")
    ap.add_argument("--rules", default="rules.ini")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        rules = load_rules(args.rules)
    except (OSError, SyntaxError, configparser.Error) as exc:
        log.error("cannot load rules: %s", exc)
        return 1
    rows = list(load_rows(args.metrics))
    log.info("%d rule(s), %d sample(s)", len(rules), len(rows))

    hits = [(r, row) for r, row in product(rules, rows) if evaluate(r, row)]
    by_sev = attrgetter("severity")
    firing = {
        sev: sorted({f"{r.name}@{row.get('host', '?')}" for r, row in grp})
        for sev, grp in groupby(sorted(hits, key=lambda h: by_sev(h[0])), key=lambda h: by_sev(h[0]))
    }
    emit = partial(print, json.dumps(firing, indent=2)) if args.json else None
    if emit:
        emit()
    else:
        for sev, items in sorted(firing.items(), key=itemgetter(0)):
            print(f"{sev.upper():8} {len(items):3}  " + ", ".join(items))
    return 3 if "page" in firing else 0


if __name__ == "__main__":
    raise SystemExit(main())
