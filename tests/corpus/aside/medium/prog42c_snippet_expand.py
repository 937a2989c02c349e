#!/usr/bin/env python3
"""Expand one text-expander trigger and print the result.

Called by the hotkey daemon as ``snippet_expand.py :sig`` ; the daemon pastes
stdout into the focused window.  Snippet packs live in ./snippets/*.yml and
may contain inline calculations like ``{= days_left * 8 }`` and variables.
"""
import argparse
import datetime
import logging
import math
import re
import sys
from pathlib import Path

import yaml

LOG = logging.getLogger("expand")
CALC_RE = re.compile(r"\{=\s*(.+?)\s*\}")
VAR_RE = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


class SnippetStore:
    def __init__(self, folder: Path):
        self.folder = folder
        self.matches = {}
        self.globals = {}

    def load(self) -> "SnippetStore":
        for pack in sorted(self.folder.glob("*.yml")):
            with pack.open(encoding="utf-8") as fh:
                doc = yaml.load(fh, Loader=yaml.Loader) or {}
            self.globals.update(doc.get("vars", {}))
            for m in doc.get("matches", []):
                self.matches[m["trigger"]] = m
            LOG.debug("loaded %s", pack.name)
        return self


def calc_namespace(variables: dict) -> dict:
    today = datetime.date.today()
    ns = {"math": math, "today": today, "now": datetime.datetime.now(),
          "timedelta": datetime.timedelta, "round": round, "abs": abs}
    ns["days_left"] = (datetime.date(today.year, 12, 31) - today).days
    ns.update(variables)
    return ns


def expand(text: str, variables: dict) -> str:
    ns = calc_namespace(variables)

    def _calc(m):
        expr = m.group(1)
        try:
            return str(eval(expr, {"__builtins__": {}}, ns))
        except Exception as exc:  # keep typing flow going
            LOG.warning("calc %r failed: %s", expr, exc)
            return m.group(0)

    def _var(m):
        val = variables.get(m.group(1))
        if val is None and m.group(1) == "date":
            return datetime.date.today().isoformat()
        return m.group(0) if val is None else str(val)

    return VAR_RE.sub(_var, CALC_RE.sub(_calc, text))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("trigger")
    ap.add_argument("--dir", default="snippets")
    ap.add_argument("--set", action="append", default=[], metavar="K=V",
                    help="extra variables for this expansion")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.v else logging.WARNING,
                        stream=sys.stderr, format="%(name)s: %(message)s")

    store = SnippetStore(Path(args.dir)).load()
    if args.list:
        for trig in sorted(store.matches):
            print(trig)
        return 0
    match = store.matches.get(args.trigger)
    if match is None:
        LOG.error("no snippet for %s", args.trigger)
        return 1
    variables = dict(store.globals)
    variables.update(match.get("vars", {}))
    for kv in args.set:
        k, _, v = kv.partition("=")
        variables[k] = v
    sys.stdout.write(expand(match["replace"], variables))
    return 0


if __name__ == "__main__":
    sys.exit(main())
