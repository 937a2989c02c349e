#!/usr/bin/env python3
"""Collect coverage.json files from the test matrix, render a combined HTML
summary into ./coverage_site and serve it so teammates can look at it.
"""
import argparse
import functools
import html
import json
import logging
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("covpreview")

PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>Coverage</title>
<style>body{{font-family:sans-serif}}td,th{{padding:4px 10px}}.low{{color:#b00}}</style>
</head><body><h1>Coverage summary</h1><p>{runs} run(s) merged</p>
<table><tr><th>File</th><th>Statements</th><th>Missed</th><th>%</th></tr>{rows}</table>
</body></html>"""


def load_runs(root: Path) -> list:
    runs = []
    for path in sorted(root.rglob("coverage.json")):
        try:
            runs.append(json.loads(path.read_text()))
        except (OSError, json.JSONDecodeError) as exc:
            log.warning("skipping %s: %s", path, exc)
    return runs


def merge(runs: list) -> dict:
    merged = {}
    for run in runs:
        for fname, data in run.get("files", {}).items():
            lines = set(data.get("executed_lines", []))
            missing = set(data.get("missing_lines", []))
            entry = merged.setdefault(fname, {"executed": set(), "all": set()})
            entry["executed"] |= lines
            entry["all"] |= lines | missing
    return merged


def render(merged: dict, runs: int, threshold: float) -> str:
    rows = []
    for fname, e in sorted(merged.items()):
        total = len(e["all"]) or 1
        pct = 100.0 * len(e["executed"]) / total
        cls = ' class="low"' if pct < threshold else ""
        rows.append(
            f"<tr{cls}><td>{html.escape(fname)}</td><td>{total}</td>"
            f"<td>{total - len(e['executed'])}</td><td>{pct:.1f}</td></tr>"
        )
    return PAGE.format(runs=runs, rows="".join(rows))


def serve(directory: Path, port: int) -> None:
    handler = functools.partial(SimpleHTTPRequestHandler, directory=str(directory))
    with ThreadingHTTPServer(("0.0.0.0", port), handler) as httpd:
        log.info("serving %s on port %d (Ctrl-C to stop)", directory, port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("stopped")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--artifacts", type=Path, default=Path("artifacts"))
    ap.add_argument("--site", type=Path, default=Path("coverage_site"))
    ap.add_argument("--threshold", type=float, default=80.0)
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--no-serve", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    runs = load_runs(args.artifacts)
    if not runs:
        log.error("no coverage.json found under %s", args.artifacts)
        return 1
    args.site.mkdir(exist_ok=True)
    (args.site / "index.html").write_text(render(merge(runs), len(runs), args.threshold), encoding="utf-8")
    log.info("wrote %s", args.site / "index.html")
    if not args.no_serve:
        serve(args.site, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
