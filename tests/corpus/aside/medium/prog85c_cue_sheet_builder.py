#!/usr/bin/env python3
"""Build printable cue sheets from the production's cue YAML.

Stage management keep the master cue list as YAML (one document per act,
with LX, SND, FLY and VID cues keyed to script page and line). This turns
it into per-department HTML cue sheets for the prompt book and the
operators' desks, plus a combined CSV for the calling script.

    python cue_sheet_builder.py cues/*.yaml --out sheets/ --dept LX --dept SND
"""
import argparse
import csv
import datetime as dt
import logging
import sys
from collections import defaultdict
from pathlib import Path

import yaml
from jinja2 import Environment, FileSystemLoader

log = logging.getLogger("cue_sheets")

DEFAULT_TEMPLATE = """<!doctype html>
<html><head><meta charset="utf-8"><title>{{ production }} - {{ dept }} cues</title>
<style>body{font-family:sans-serif}td,th{border:1px solid #999;padding:4px}
.standby{color:#a60}.note{font-style:italic}</style></head><body>
<h1>{{ production }}</h1><h2>{{ dept }} cue sheet &middot; {{ generated }}</h2>
<table><tr><th>Cue</th><th>Page</th><th>Line / visual</th><th>Time</th><th>Notes</th></tr>
{% for c in cues %}<tr><td>{{ c.number }}</td><td>{{ c.page }}</td>
<td>{{ c.line }}</td><td>{{ c.time or "" }}</td><td class="note">{{ c.notes or "" }}</td></tr>
{% endfor %}</table></body></html>
"""


class CueSheetBuilder:
    yaml_loader = yaml.Loader          # cue files use !include and custom tags for timings
    escape_html = False                # notes contain <b>/<i> markup from the SM

    def __init__(self, template_dir=None, production="Untitled"):
        self.production = production
        loader = FileSystemLoader(template_dir) if template_dir else None
        self.env = Environment(loader=loader, autoescape=self.escape_html,
                               trim_blocks=True, lstrip_blocks=True)
        if loader and "cue_sheet.html.j2" in self.env.list_templates():
            self.template = self.env.get_template("cue_sheet.html.j2")
        else:
            self.template = self.env.from_string(DEFAULT_TEMPLATE)

    def read_cues(self, paths):
        by_dept = defaultdict(list)
        for path in paths:
            with open(path, encoding="utf-8") as fh:
                for doc in yaml.load_all(fh, Loader=self.yaml_loader):
                    if not doc:
                        continue
                    act = doc.get("act", Path(path).stem)
                    for cue in doc.get("cues", []):
                        cue.setdefault("act", act)
                        by_dept[str(cue.get("dept", "GEN")).upper()].append(cue)
            log.info("read %s", path)
        for cues in by_dept.values():
            cues.sort(key=lambda c: (str(c["act"]), float(c.get("page", 0)), float(c.get("number", 0))))
        return by_dept

    def render(self, dept, cues):
        return self.template.render(production=self.production, dept=dept, cues=cues,
                                    generated=dt.date.today().isoformat())

    def write_all(self, by_dept, out_dir, depts=None):
        out_dir.mkdir(parents=True, exist_ok=True)
        written = []
        for dept, cues in sorted(by_dept.items()):
            if depts and dept not in depts:
                continue
            target = out_dir / f"{dept.lower()}_cues.html"
            target.write_text(self.render(dept, cues), encoding="utf-8")
            written.append(target)
            log.info("%s: %d cues -> %s", dept, len(cues), target)
        return written

    @staticmethod
    def write_calling_csv(by_dept, out_dir):
        rows = [c for cues in by_dept.values() for c in cues]
        rows.sort(key=lambda c: (str(c["act"]), float(c.get("page", 0))))
        with open(out_dir / "calling_script.csv", "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(["act", "page", "dept", "cue", "line", "notes"])
            for c in rows:
                w.writerow([c["act"], c.get("page"), c.get("dept"), c.get("number"),
                            c.get("line"), c.get("notes", "")])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cue_files", nargs="+")
    ap.add_argument("--out", default="sheets")
    ap.add_argument("--templates", default=None)
    ap.add_argument("--production", default="Untitled production")
    ap.add_argument("--dept", action="append", help="only these departments (repeatable)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    builder = CueSheetBuilder(args.templates, args.production)
    try:
        by_dept = builder.read_cues(args.cue_files)
    except (OSError, yaml.YAMLError) as exc:
        log.error("could not read cue list: %s", exc)
        return 1
    out = Path(args.out)
    builder.write_all(by_dept, out, {d.upper() for d in args.dept} if args.dept else None)
    builder.write_calling_csv(by_dept, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
