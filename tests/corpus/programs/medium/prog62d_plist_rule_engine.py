#!/usr/bin/env python3
"""Tag expense records using rules kept in a property list.

rules.plist (edited by the finance team in a plist editor) looks like:

    <dict><key>Rules</key><array>
      <dict><key>Tag</key><string>travel</string>
            <key>When</key><string>amount > 50 and 'air' in vendor.lower()</string></dict>
    </array></dict>

Each "When" string is evaluated against a record's fields.
"""
import argparse
import csv
import logging
import plistlib
import sys
from collections import Counter
from decimal import Decimal

log = logging.getLogger("tagger")

SAFE_BUILTINS = {"len": len, "min": min, "max": max, "abs": abs, "round": round}


class Rule:
    def __init__(self, tag, expression, priority=0):
        self.tag = tag
        self.expression = expression
        self.priority = priority
        self.code = compile(expression, f"<rule {tag}>", "eval")

    def matches(self, record):
        scope = dict(record)
        return bool(eval(self.code, {"__builtins__": SAFE_BUILTINS}, scope))


def load_rules(path):
    with open(path, "rb") as fh:
        data = plistlib.load(fh)
    rules = []
    for raw in data.get("Rules", []):
        try:
            rules.append(Rule(raw["Tag"], raw["When"], int(raw.get("Priority", 0))))
        except (KeyError, SyntaxError) as exc:
            log.warning("ignoring rule %r: %s", raw.get("Tag"), exc)
    rules.sort(key=lambda r: -r.priority)
    return rules


def coerce(row):
    rec = {k.strip().lower(): (v or "").strip() for k, v in row.items()}
    try:
        rec["amount"] = Decimal(rec.get("amount", "0") or "0")
    except ArithmeticError:
        rec["amount"] = Decimal(0)
    rec.setdefault("vendor", "")
    rec.setdefault("category", "")
    return rec


def tag_records(rows, rules, first_only):
    for row in rows:
        rec = coerce(row)
        tags = []
        for rule in rules:
            try:
                if rule.matches(rec):
                    tags.append(rule.tag)
                    if first_only:
                        break
            except Exception as exc:
                log.debug("rule %s failed on %s: %s", rule.tag, rec.get("id"), exc)
        row["tags"] = ";".join(tags) or "untagged"
        yield row


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("expenses", help="CSV export")
    ap.add_argument("--rules", default="rules.plist")
    ap.add_argument("-o", "--output", default="expenses_tagged.csv")
    ap.add_argument("--first-only", action="store_true")
    ns = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    rules = load_rules(ns.rules)
    log.info("%d rules loaded", len(rules))
    counts = Counter()
    with open(ns.expenses, newline="", encoding="utf-8") as src, \
            open(ns.output, "w", newline="", encoding="utf-8") as dst:
        reader = csv.DictReader(src)
        writer = csv.DictWriter(dst, fieldnames=list(reader.fieldnames) + ["tags"])
        writer.writeheader()
        for row in tag_records(reader, rules, ns.first_only):
            counts.update(row["tags"].split(";"))
            writer.writerow(row)
    for tag, n in counts.most_common():
        log.info("%-20s %d", tag, n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
