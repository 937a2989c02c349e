#!/usr/bin/env python3
"""Offline fraud-rule scorer for card-not-present orders.

Risk analysts maintain ``rules.yml`` (one rule per entry with a Python
condition, a score and an action).  This tool replays an order export
(JSON lines) through the rules and writes a scored CSV for review, so new
rules can be back-tested before they go to the live engine.

Example rules.yml::

    threshold_review: 40
    threshold_decline: 80
    rules:
      - id: velocity_card
        when: "o.card_orders_24h > 5"
        score: 35
      - id: geo_mismatch
        when: "o.ip_country != o.billing_country and o.amount > 250"
        score: 30
"""
from __future__ import annotations

import argparse
import csv
import json
import logging
import math
import sys
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import yaml

log = logging.getLogger("fraud_scorer")

HELPERS = {
    "log10": math.log10,
    "abs": abs,
    "min": min,
    "max": max,
    "len": len,
    "lower": str.lower,
}


@dataclass
class Rule:
    rule_id: str
    condition: str
    score: int
    code: object = None

    def compile(self) -> None:
        self.code = compile(self.condition, f"<rule {self.rule_id}>", "eval")

    def matches(self, order: SimpleNamespace) -> bool:
        env = dict(HELPERS)
        env["o"] = order
        return bool(eval(self.code, {"__builtins__": {}}, env))


class RuleBook:
    def __init__(self, path: Path):
        with path.open("r", encoding="utf-8") as fh:
            doc = yaml.load(fh, Loader=yaml.Loader)
        self.review_at = int(doc.get("threshold_review", 40))
        self.decline_at = int(doc.get("threshold_decline", 80))
        self.rules: list[Rule] = []
        for entry in doc.get("rules", []):
            rule = Rule(entry["id"], entry["when"], int(entry.get("score", 0)))
            try:
                rule.compile()
            except SyntaxError as exc:
                log.error("rule %s does not compile: %s", rule.rule_id, exc)
                continue
            self.rules.append(rule)
        log.info("loaded %d rules from %s", len(self.rules), path)

    def score(self, order: SimpleNamespace) -> tuple[int, list[str]]:
        total, hits = 0, []
        for rule in self.rules:
            try:
                if rule.matches(order):
                    total += rule.score
                    hits.append(rule.rule_id)
            except Exception as exc:  # a broken rule must not stop the replay
                log.debug("rule %s failed on %s: %s", rule.rule_id,
                          getattr(order, "order_id", "?"), exc)
        return total, hits

    def decide(self, total: int) -> str:
        if total >= self.decline_at:
            return "decline"
        if total >= self.review_at:
            return "review"
        return "accept"


def read_orders(path: Path):
    with path.open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.strip()
            if not line:
                continue
            try:
                yield SimpleNamespace(**json.loads(line))
            except json.JSONDecodeError as exc:
                log.warning("line %d: %s", lineno, exc)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="Back-test fraud rules on an order export")
    p.add_argument("orders", type=Path, help="orders export (.jsonl)")
    p.add_argument("-r", "--rules", type=Path, default=Path("rules.yml"))
    p.add_argument("-o", "--out", type=Path, default=Path("scored_orders.csv"))
    p.add_argument("-q", "--quiet", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s: %(message)s")

    book = RuleBook(args.rules)
    stats = {"accept": 0, "review": 0, "decline": 0}
    with args.out.open("w", newline="", encoding="utf-8") as out:
        w = csv.writer(out)
        w.writerow(["order_id", "amount", "currency", "score", "decision", "rules_hit"])
        for order in read_orders(args.orders):
            total, hits = book.score(order)
            decision = book.decide(total)
            stats[decision] += 1
            w.writerow([getattr(order, "order_id", ""), getattr(order, "amount", ""),
                        getattr(order, "currency", ""), total, decision, ";".join(hits)])

    n = sum(stats.values()) or 1
    for k, v in stats.items():
        log.info("%-8s %6d (%.1f%%)", k, v, 100.0 * v / n)
    log.info("wrote %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
