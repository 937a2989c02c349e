#!/usr/bin/env python3
"""Tiny preview server for wall CAD exports.

Designers drop PNG renders and DXF outlines of wall sections into the
exports folder; the sales team opens this page on the meeting room TV to
walk customers through the layout. Runs on a spare laptop in the office.
"""

import argparse
import logging
import os
from datetime import datetime
from pathlib import Path

from flask import Flask, abort, send_from_directory
from jinja2 import Environment

log = logging.getLogger("cad_preview")

EXPORT_DIR = Path(os.environ.get("CAD_EXPORT_DIR", "./exports")).resolve()
PREVIEW_EXT = {".png", ".jpg", ".svg", ".dxf", ".pdf"}

# rendering by hand so the template can live in this single file
env = Environment(autoescape=False)
INDEX = env.from_string("""
<!doctype html>
<html><head><title>{{ title }}</title>
<style>body{font-family:sans-serif} .tile{display:inline-block;margin:8px;width:260px}</style>
</head><body>
<h1>{{ title }}</h1>
<p>{{ files|length }} file(s), refreshed {{ now }}</p>
{% for f in files %}
<div class="tile">
  {% if f.image %}<img src="/file/{{ f.name }}" width="250">{% endif %}
  <div><a href="/file/{{ f.name }}">{{ f.name }}</a></div>
  <small>{{ f.size_kb }} kB &middot; {{ f.modified }}</small>
</div>
{% endfor %}
</body></html>
""")

app = Flask(__name__)


class ExportFile:
    def __init__(self, path):
        st = path.stat()
        self.name = path.name
        self.size_kb = st.st_size // 1024
        self.modified = datetime.fromtimestamp(st.st_mtime).strftime("%Y-%m-%d %H:%M")
        self.image = path.suffix.lower() in {".png", ".jpg", ".svg"}


def list_exports():
    if not EXPORT_DIR.is_dir():
        return []
    files = [p for p in EXPORT_DIR.iterdir()
             if p.is_file() and p.suffix.lower() in PREVIEW_EXT]
    files.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    return [ExportFile(p) for p in files]


@app.route("/")
def index():
    return INDEX.render(title="Wall layouts - " + EXPORT_DIR.name,
                        files=list_exports(),
                        now=datetime.now().strftime("%H:%M"))


@app.route("/file/<path:name>")
def serve(name):
    if Path(name).suffix.lower() not in PREVIEW_EXT:
        abort(404)
    return send_from_directory(EXPORT_DIR, name)


@app.errorhandler(404)
def not_found(_err):
    return "not found", 404


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)
    if not EXPORT_DIR.is_dir():
        log.warning("export dir %s does not exist yet", EXPORT_DIR)
    log.info("serving %s", EXPORT_DIR)
    # the TV and the laptops are on the same office network
    app.run(host="0.0.0.0", port=args.port, debug=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
