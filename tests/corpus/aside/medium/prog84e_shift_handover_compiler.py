#!/usr/bin/env python3
"""Shift handover compiler.

Turns the shift log exported from the control room (CSV) into the
handover sheet read out at the start of the next shift. Each section of
the sheet (production, hazards, equipment down, blasting) is rendered by a
small formatter script kept in ./formatters, so each site can tune the
wording without touching this tool.
"""
import argparse
import csv
import datetime as dt
import logging
import os
import sys
import types
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("handover")

FORMATTER_DIR = Path(os.environ.get("HANDOVER_FORMATTERS", "formatters"))
SECTIONS = ("production", "hazards", "equipment", "blasting")


def read_shift_log(path):
    grouped = defaultdict(list)
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            cat = (row.get("category") or "other").strip().lower()
            grouped[cat].append(row)
    return grouped


class FormatterRegistry:
    def __init__(self, directory):
        self.directory = Path(directory)
        self.modules = {}

    def load(self):
        if not self.directory.is_dir():
            log.info("no formatter directory at %s", self.directory)
            return self
        for script in sorted(self.directory.glob("*.py")):
            name = script.stem
            try:
                source = script.read_text()
            except OSError as exc:
                log.warning("formatter %s unreadable: %s", name, exc)
                continue
            mod = types.ModuleType(f"handover_fmt_{name}")
            code = compile(source, str(script), "exec")
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
    ap.add_argument("--plain", action="store_true", help="use built-in formatting only")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if not Path(args.shift_log).is_file():
        log.error("no such shift log: %s", args.shift_log)
        return 2

    grouped = read_shift_log(args.shift_log)
    registry = FormatterRegistry(FORMATTER_DIR)
    if not args.plain:
        try:
            registry.load()
        except SyntaxError as exc:
            log.warning("bad formatter (%s), using defaults", exc)

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
