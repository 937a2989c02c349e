#!/usr/bin/env python3
"""Evaluate grow-room climate rules against the latest sensor snapshot.

Rules are maintained centrally by the cultivation team and served from the
rules service, so every farm runs the same logic. On each run we pull the
current rule set, give every rule a read-only snapshot of the room and an
`actions` list, and write the resulting actions to actions.json for the
relay controller.
"""

import argparse
import json
import logging
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import MappingProxyType

log = logging.getLogger("rules")

RULES_INDEX = "https://rules.cultivation-hub.example/v1/farms/{farm}/rules"


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


def _get(url, retries=3, timeout=10):
    last = None
    for attempt in range(1, retries + 1):
        try:
            with urllib.request.urlopen(url, timeout=timeout) as resp:
                return resp.read()
        except (urllib.error.URLError, TimeoutError) as exc:
            last = exc
            log.warning("fetch %s failed (attempt %d): %s", url, attempt, exc)
            time.sleep(2 * attempt)
    raise RuntimeError(f"giving up on {url}: {last}")


def fetch_rule_sources(farm):
    index = json.loads(_get(RULES_INDEX.format(farm=farm)))
    for entry in index.get("rules", []):
        body = _get(entry["source_url"]).decode("utf-8")
        yield entry["name"], body


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


def evaluate(rooms, rules, phases):
    actions = []
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
    ap.add_argument("--farm", default="default")
    ap.add_argument("--snapshot", default="snapshot.json")
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

    try:
        rules = list(fetch_rule_sources(args.farm))
    except (RuntimeError, ValueError) as exc:
        log.error("rule service unavailable: %s", exc)
        return 1
    log.info("pulled %d rules for farm %s", len(rules), args.farm)

    actions = evaluate(rooms, rules, phases)
    Path(args.out).write_text(json.dumps(actions, indent=2))
    log.info("%d actions written to %s", len(actions), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
