#!/usr/bin/env python3
"""Evaluate grow-room climate rules against the latest sensor snapshot.

Growers write small rule files in ./rules (plain Python, one rule per file)
such as "if rh < 85 during pinning, pulse the foggers". Each rule gets a
read-only snapshot of the room and an `actions` list it can append to. The
resulting actions are written to actions.json for the relay controller.
"""

import argparse
import json
import logging
import sys
import time
from pathlib import Path
from types import MappingProxyType

log = logging.getLogger("rules")


class RuleContext:
    """Everything a rule script is allowed to see."""

    def __init__(self, room, snapshot, phase):
        self.room = room
        self.snapshot = MappingProxyType(dict(snapshot))
        self.phase = phase
        self.actions = []

    def act(self, device, command, **params):
        self.actions.append({"room": self.room, "device": device,
                             "command": command, "params": params})

    def namespace(self):
        return {
            "room": self.room,
            "phase": self.phase,
            "rh": self.snapshot.get("rh_pct"),
            "temp": self.snapshot.get("temp_c"),
            "co2": self.snapshot.get("co2_ppm"),
            "act": self.act,
            "log": log,
        }


def load_rule_sources(rule_dir):
    for path in sorted(Path(rule_dir).glob("*.py")):
        if path.name.startswith("_"):
            continue
        yield path.stem, path.read_text(encoding="utf-8")


def run_rule(name, source, ctx):
    code = compile(source, f"<rule {name}>", "exec")
    ns = ctx.namespace()
    start = time.perf_counter()
    exec(code, ns)
    log.debug("rule %s took %.1f ms", name, (time.perf_counter() - start) * 1000)


def load_snapshot(path):
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    return data.get("rooms", {})


def evaluate(rooms, rule_dir, phases):
    actions = []
    rules = list(load_rule_sources(rule_dir))
    log.info("loaded %d rules from %s", len(rules), rule_dir)
    for room, snapshot in rooms.items():
        ctx = RuleContext(room, snapshot, phases.get(room, "colonisation"))
        for name, source in rules:
            try:
                run_rule(name, source, ctx)
            except Exception as exc:  # a broken rule must not stop the others
                log.error("rule %s failed in %s: %s", name, room, exc)
        actions.extend(ctx.actions)
    return actions


def main():
    ap = argparse.ArgumentParser(description="grow-room climate rule evaluation")
    ap.add_argument("--snapshot", default="snapshot.json")
    ap.add_argument("--rules", default="rules")
    ap.add_argument("--phases", default="phases.json",
                    help="JSON map of room -> growth phase")
    ap.add_argument("--out", default="actions.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        rooms = load_snapshot(args.snapshot)
    except (OSError, ValueError) as exc:
        log.error("cannot read snapshot: %s", exc)
        return 1
    phases = {}
    if Path(args.phases).exists():
        phases = json.loads(Path(args.phases).read_text())

    actions = evaluate(rooms, args.rules, phases)
    Path(args.out).write_text(json.dumps(actions, indent=2))
    log.info("%d actions written to %s", len(actions), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
