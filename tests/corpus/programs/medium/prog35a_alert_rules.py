#!/usr/bin/env python3
"""Evaluate alert rules against a metrics snapshot.

Rules live in a plain text file, one per line::

    disk_full   : disk.used_pct > 90 and not maintenance
    slow_api    : max(api.latency_ms) > 750

Each expression is compiled once with ``compile(..., "eval")`` and evaluated
with a namespace built from the metrics JSON. Actions are dispatched through
``getattr(self, "action_" + name)``.
"""
import argparse
import json
import logging
import math
import statistics
import sys
from pathlib import Path
from types import SimpleNamespace

log = logging.getLogger("alerts")

SAFE_BUILTINS = {
    "abs": abs, "min": min, "max": max, "sum": sum, "len": len,
    "round": round, "any": any, "all": all, "sorted": sorted,
}
HELPERS = {"mean": statistics.mean, "median": statistics.median,
           "sqrt": math.sqrt}


def to_namespace(obj):
    if isinstance(obj, dict):
        return SimpleNamespace(**{k: to_namespace(v) for k, v in obj.items()})
    if isinstance(obj, list):
        return [to_namespace(v) for v in obj]
    return obj


class Rule:
    def __init__(self, name, source, action="log", lineno=0):
        self.name = name
        self.source = source
        self.action = action
        self.lineno = lineno
        self.code = compile(source, "<rule %s:%d>" % (name, lineno), "eval")

    def evaluate(self, namespace):
        return bool(eval(self.code, {"__builtins__": SAFE_BUILTINS}, namespace))


class RuleEngine:
    def __init__(self, rules_path, outbox):
        self.rules = self._parse(Path(rules_path))
        self.outbox = Path(outbox)

    @staticmethod
    def _parse(path):
        rules = []
        for lineno, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            head, sep, expr = line.partition(":")
            if not sep:
                log.warning("line %d: missing ':'", lineno)
                continue
            name, _, action = head.strip().partition("@")
            try:
                rules.append(Rule(name.strip(), expr.strip(),
                                  action.strip() or "log", lineno))
            except SyntaxError as exc:
                log.error("line %d: %s", lineno, exc)
        return rules

    def action_log(self, rule, snapshot):
        log.warning("ALERT %s fired: %s", rule.name, rule.source)

    def action_file(self, rule, snapshot):
        self.outbox.mkdir(exist_ok=True)
        record = {"rule": rule.name, "expr": rule.source,
                  "host": snapshot.get("host"), "ts": snapshot.get("ts")}
        with (self.outbox / (rule.name + ".jsonl")).open("a") as fh:
            fh.write(json.dumps(record) + "\n")

    def run(self, snapshot):
        namespace = {k: to_namespace(v) for k, v in snapshot.items()}
        namespace.update(HELPERS)
        fired = []
        for rule in self.rules:
            try:
                hit = rule.evaluate(namespace)
            except Exception as exc:  # a broken rule must not stop the others
                log.error("rule %s raised %s: %s", rule.name, type(exc).__name__, exc)
                continue
            if hit:
                handler = getattr(self, "action_" + rule.action, None)
                if handler is None:
                    log.error("rule %s: unknown action %r", rule.name, rule.action)
                    continue
                handler(rule, snapshot)
                fired.append(rule.name)
        return fired


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("metrics", help="metrics snapshot (JSON)")
    ap.add_argument("-r", "--rules", default="alert.rules")
    ap.add_argument("--outbox", default="alerts-out")
    ap.add_argument("--check", action="store_true", help="only compile rules")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = RuleEngine(args.rules, args.outbox)
    log.info("loaded %d rules", len(engine.rules))
    if args.check:
        return 0
    with open(args.metrics, encoding="utf-8") as fh:
        snapshot = json.load(fh)
    fired = engine.run(snapshot)
    print(json.dumps({"fired": fired, "evaluated": len(engine.rules)}))
    return 3 if fired else 0


if __name__ == "__main__":
    sys.exit(main())
