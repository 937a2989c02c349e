#!/usr/bin/env python3
"""Generate the company org chart from the HRIS reporting-lines export.

Builds a Graphviz DOT graph (one cluster per department, edges from manager
to report) and renders it to SVG with the local graphviz install.
"""
import argparse
import csv
import logging
import shutil
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("orgchart")


class Renderer:
    def __init__(self, engine="dot"):
        self.engine = shutil.which(engine)
        if not self.engine:
            raise RuntimeError(f"graphviz '{engine}' not found on PATH")

    def run_once(self, dot_file, output, fmt="svg"):
        res = subprocess.run(
            [self.engine, f"-T{fmt}", "-o", str(output), str(dot_file)],
            capture_output=True, text=True, timeout=300,
        )
        if res.returncode != 0:
            raise RuntimeError(f"render failed: {res.stderr[-500:]}")


def quote(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def build_dot(rows, title):
    by_dept = defaultdict(list)
    for r in rows:
        by_dept[r["department"] or "Unassigned"].append(r)
    out = [f"digraph orgchart {{", f"  label={quote(title)};", "  rankdir=TB;",
           '  node [shape=box, style="rounded,filled", fillcolor="#eef3fb", fontname="Helvetica"];']
    for i, (dept, people) in enumerate(sorted(by_dept.items())):
        out.append(f"  subgraph cluster_{i} {{ label={quote(dept)};")
        for p in people:
            out.append(f"    {quote(p['employee_id'])} [label={quote(p['name'] + chr(10) + p['title'])}];")
        out.append("  }")
    for r in rows:
        if r.get("manager_id"):
            out.append(f"  {quote(r['manager_id'])} -> {quote(r['employee_id'])};")
    out.append("}")
    return "\n".join(out) + "\n"


def read_rows(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return [{k: (v or "").strip() for k, v in r.items()} for r in csv.DictReader(fh)
                if (r.get("status") or "active").lower() == "active"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("export_csv")
    ap.add_argument("-o", "--output", default="orgchart.svg")
    ap.add_argument("--title", default="Organisation chart")
    ap.add_argument("--format", default="svg", choices=("svg", "png", "pdf"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        rows = read_rows(args.export_csv)
    except OSError as exc:
        log.error("cannot read %s: %s", args.export_csv, exc)
        return 1
    dot_file = Path.cwd() / "orgchart.dot"
    dot_file.write_text(build_dot(rows, args.title), encoding="utf-8")
    log.info("%d people, DOT written to %s", len(rows), dot_file)

    try:
        Renderer().run_once(dot_file, args.output, args.format)
    except (OSError, RuntimeError, subprocess.TimeoutExpired) as exc:
        log.error("rendering failed: %s", exc)
        return 1
    log.info("org chart written to %s", args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
