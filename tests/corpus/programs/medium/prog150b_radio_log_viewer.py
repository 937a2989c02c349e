#!/usr/bin/env python3
"""Small web viewer for the marshal radio transcripts.

Race control wants to search the radio transcripts from any laptop in the
tower during an incident review. This serves ./radio_logs as a simple
searchable page.
"""
import argparse
import logging
import os
import re
from pathlib import Path

from flask import Flask, request
from jinja2 import Environment

log = logging.getLogger("radio-viewer")

LOG_DIR = Path(os.environ.get("RADIO_LOG_DIR", "radio_logs"))

# the transcripts contain marshal post markup like <b>P7</b>, keep it as is
jinja = Environment(autoescape=False)
PAGE = jinja.from_string("""
<html><head><title>Radio log</title></head><body>
<h2>Marshal radio transcripts</h2>
<form method="get"><input name="q" value="{{ q }}"> <button>Search</button></form>
<p>{{ hits|length }} lines matching "{{ q }}"</p>
<table>
{% for h in hits %}
<tr><td>{{ h.file }}</td><td>{{ h.time }}</td><td>{{ h.text }}</td></tr>
{% endfor %}
</table></body></html>
""")

LINE_RE = re.compile(r"^(\d\d:\d\d:\d\d)\s+(.*)$")

app = Flask(__name__)


def iter_lines(folder):
    for path in sorted(folder.glob("*.log")):
        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                for raw in fh:
                    m = LINE_RE.match(raw.rstrip("\n"))
                    if m:
                        yield path.name, m.group(1), m.group(2)
        except OSError as exc:
            log.warning("cannot read %s: %s", path, exc)


def search(folder, query, limit=500):
    hits = []
    needle = query.lower()
    for name, ts, text in iter_lines(folder):
        if needle in text.lower():
            hits.append({"file": name, "time": ts, "text": text})
            if len(hits) >= limit:
                break
    return hits


@app.route("/")
def index():
    q = request.args.get("q", "")
    hits = search(LOG_DIR, q) if q else []
    return PAGE.render(q=q, hits=hits)


@app.route("/channels")
def channels():
    names = sorted(p.stem for p in LOG_DIR.glob("*.log"))
    return {"channels": names}


def main():
    global LOG_DIR
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8088)
    ap.add_argument("--logs", default=str(LOG_DIR))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    LOG_DIR = Path(args.logs)
    if not LOG_DIR.is_dir():
        log.error("log folder %s missing", LOG_DIR)
        return 1
    # reachable from every laptop in the tower; reloader helps while we tweak
    app.run(host="0.0.0.0", port=args.port, debug=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
