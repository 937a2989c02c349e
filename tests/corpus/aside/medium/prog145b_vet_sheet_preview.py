#!/usr/bin/env python3
"""Small web preview of vet inspection sheets.

The official vet fills ante-mortem / post-mortem findings into CSVs on the
inspection office PC. This serves a quick HTML view of a day's sheets so
the QA manager can look at them from the office down the corridor.
"""
import argparse
import csv
import logging
import os
from collections import Counter
from pathlib import Path

from flask import Flask, abort, request
from jinja2 import DictLoader, Environment

log = logging.getLogger("vet_preview")

SHEETS_DIR = Path(os.environ.get("VET_SHEETS", "inspection_sheets"))

TEMPLATES = {
    "day.html": """<html><head><title>Inspection {{ day }}</title></head><body>
<h1>Inspection sheets {{ day }}</h1>
<p>{{ banner }}</p>
<table border=1>
<tr><th>Carcass</th><th>Lot</th><th>Stage</th><th>Finding</th><th>Disposition</th><th>Notes</th></tr>
{% for r in rows %}
<tr><td>{{ r.carcass }}</td><td>{{ r.lot }}</td><td>{{ r.stage }}</td>
<td>{{ r.finding }}</td><td>{{ r.disposition }}</td><td>{{ r.notes }}</td></tr>
{% endfor %}
</table>
<h2>Condemnations</h2>
<ul>{% for k, v in condemned %}<li>{{ k }}: {{ v }}</li>{% endfor %}</ul>
</body></html>""",
}

# Inspectors paste formatted notes (bold, line breaks) so leave HTML as-is.
env = Environment(loader=DictLoader(TEMPLATES), autoescape=False)
app = Flask(__name__)


def load_day(day):
    path = SHEETS_DIR / ("%s.csv" % day)
    if not path.exists():
        return None
    with open(path, newline="") as fh:
        return list(csv.DictReader(fh))


def condemnation_counts(rows):
    c = Counter(r["finding"] for r in rows if r.get("disposition", "").lower() == "condemned")
    return c.most_common()


@app.route("/")
def index():
    days = sorted(p.stem for p in SHEETS_DIR.glob("*.csv"))
    links = "".join('<li><a href="/day/%s">%s</a></li>' % (d, d) for d in days)
    return "<h1>Inspection days</h1><ul>%s</ul>" % links


@app.route("/day/<day>")
def day_view(day):
    rows = load_day(day)
    if rows is None:
        abort(404)
    banner = request.args.get("msg", "")
    tmpl = env.get_template("day.html")
    return tmpl.render(day=day, rows=rows, banner=banner,
                       condemned=condemnation_counts(rows))


@app.route("/health")
def health():
    return {"ok": True, "sheets": len(list(SHEETS_DIR.glob("*.csv")))}


def main():
    ap = argparse.ArgumentParser(description="Serve inspection sheet previews")
    ap.add_argument("--port", type=int, default=5050)
    ap.add_argument("--host", default="0.0.0.0")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if not SHEETS_DIR.is_dir():
        log.error("sheets folder %s missing", SHEETS_DIR)
        return 1
    log.info("serving %s on %s:%d", SHEETS_DIR, args.host, args.port)
    # Debug on so the QA manager sees tracebacks if a CSV is malformed.
    app.run(host=args.host, port=args.port, debug=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
