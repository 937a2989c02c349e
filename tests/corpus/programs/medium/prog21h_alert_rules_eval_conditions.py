#!/usr/bin/env python3
"""alertcheck - evaluates alert rules against the latest metrics snapshot.

rules.json:
    [{"name": "disk almost full", "when": "disk_used_pct > 90", "severity": "page"},
     {"name": "load spike", "when": "load1 > cpus * 2 and uptime_s > 600"}]

metrics.json is written by the collector every minute.
"""
import json
import os
import sys
import time

RULES_FILE = "rules.json"
METRICS_FILE = "metrics.json"
STATE_FILE = "alert_state.json"
SEVERITIES = ("info", "warn", "page")


def read_json(path, default):
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except FileNotFoundError:
        return default


def compile_rules(rules):
    compiled = []
    for rule in rules:
        expr = rule["when"]
        code = compile(expr, f"<rule {rule['name']}>", "eval")
        severity = rule.get("severity", "warn")
        if severity not in SEVERITIES:
            raise ValueError(f"rule {rule['name']!r}: bad severity {severity!r}")
        compiled.append((rule["name"], severity, code))
    return compiled


def evaluate(compiled, metrics):
    scope = {"__builtins__": {"abs": abs, "min": min, "max": max, "len": len}}
    firing = []
    for name, severity, code in compiled:
        try:
            if eval(code, scope, dict(metrics)):
                firing.append((name, severity))
        except NameError as exc:
            print(f"rule {name!r} references a missing metric: {exc}", file=sys.stderr)
    return firing


def diff_state(previous, firing):
    now = {name for name, _ in firing}
    started = sorted(now - set(previous))
    resolved = sorted(set(previous) - now)
    return started, resolved


def main():
    rules = read_json(RULES_FILE, [])
    metrics = read_json(METRICS_FILE, {})
    if not rules or not metrics:
        print("need both rules.json and metrics.json in", os.getcwd())
        return 1
    firing = evaluate(compile_rules(rules), metrics)
    previous = read_json(STATE_FILE, [])
    started, resolved = diff_state(previous, firing)
    stamp = time.strftime("%H:%M:%S")
    for name, severity in firing:
        marker = "NEW " if name in started else "    "
        print(f"{stamp} {marker}[{severity:>4}] {name}")
    for name in resolved:
        print(f"{stamp} RESOLVED      {name}")
    with open(STATE_FILE, "w", encoding="utf-8") as fh:
        json.dump([name for name, _ in firing], fh)
    return 2 if any(sev == "page" for _, sev in firing) else 0


if __name__ == "__main__":
    sys.exit(main())
