#!/usr/bin/env python3
"""Ad-insertion scheduler with pluggable slot rules.

Each sales team ships small rule files (plugins/*.rule.py) that define
`select(slot, campaigns)` to choose which campaign fills a break. The
scheduler loads every rule file, runs the day's break list through them in
priority order and writes the resulting log to schedule_<date>.json.
"""

import argparse
import datetime as dt
import json
import logging
import pathlib
import sys
import types

log = logging.getLogger("adsched")


class RuleRegistry:
    plugin_dir = pathlib.Path("plugins")
    suffix = ".rule.py"

    def __init__(self, plugin_dir=None):
        if plugin_dir:
            self.plugin_dir = pathlib.Path(plugin_dir)
        self.rules = []

    def _materialise(self, name, source):
        mod = types.ModuleType(f"adrule_{name}")
        mod.__dict__["log"] = logging.getLogger(f"adsched.rule.{name}")
        code = compile(source, f"<rule {name}>", "exec")
        exec(code, mod.__dict__)
        return mod

    def discover(self):
        for path in sorted(self.plugin_dir.glob(f"*{self.suffix}")):
            name = path.name[: -len(self.suffix)]
            try:
                mod = self._materialise(name, path.read_text())
            except SyntaxError as exc:
                log.error("rule %s does not compile: %s", name, exc)
                continue
            if not callable(getattr(mod, "select", None)):
                log.warning("rule %s has no select(); skipped", name)
                continue
            self.rules.append((getattr(mod, "PRIORITY", 100), name, mod))
        self.rules.sort(key=lambda r: r[0])
        log.info("loaded %d rules from %s", len(self.rules), self.plugin_dir)
        return self


def load_json(path):
    with open(path) as fh:
        return json.load(fh)


def schedule(breaks, campaigns, registry):
    out = []
    for slot in breaks:
        chosen = None
        for _, name, mod in registry.rules:
            try:
                chosen = mod.select(slot, campaigns)
            except Exception as exc:  # a bad rule must not stop playout
                log.exception("rule %s failed on %s: %s", name, slot.get("id"), exc)
                continue
            if chosen:
                log.debug("slot %s -> %s via %s", slot["id"], chosen, name)
                break
        out.append({"slot": slot["id"], "start": slot["start"],
                    "campaign": chosen or "house-promo"})
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--breaks", default="breaks.json")
    ap.add_argument("--campaigns", default="campaigns.json")
    ap.add_argument("--plugins", default=None)
    ap.add_argument("--date", default=dt.date.today().isoformat())
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")
    try:
        breaks = [b for b in load_json(args.breaks) if b["start"].startswith(args.date)]
        campaigns = load_json(args.campaigns)
    except (OSError, ValueError, KeyError) as exc:
        log.error("cannot read inputs: %s", exc)
        return 1

    registry = RuleRegistry(args.plugins).discover()
    result = schedule(breaks, campaigns, registry)
    out = pathlib.Path(f"schedule_{args.date}.json")
    out.write_text(json.dumps(result, indent=2))
    log.info("wrote %d slots to %s", len(result), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
