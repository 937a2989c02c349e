#!/usr/bin/env python3
"""Preview server for the design team's component gallery.

Serves rendered component previews from ./components with Flask.  It is
started with the Werkzeug debugger enabled and bound to all interfaces so
designers can open it from their laptops on the office network.
"""
import argparse
import json
import logging
import sys
from pathlib import Path

from flask import Flask, abort, jsonify, render_template_string

log = logging.getLogger("gallery")

COMPONENT_DIR = Path("components")
app = Flask(__name__)

INDEX = """<!doctype html><title>Component gallery</title>
<h1>Components ({{ items|length }})</h1>
<ul>{% for c in items %}
<li><a href="/c/{{ c.slug }}">{{ c.name }}</a> &mdash; {{ c.status }}</li>
{% endfor %}</ul>"""

DETAIL = """<!doctype html><title>{{ c.name }}</title>
<h1>{{ c.name }}</h1><p>Status: {{ c.status }}</p>
<pre>{{ c.props | tojson(indent=2) }}</pre>
<p><a href="/">back</a></p>"""


class Catalog:
    def __init__(self, root: Path):
        self.root = root

    def load(self) -> list:
        items = []
        for meta in sorted(self.root.glob("*/meta.json")):
            try:
                data = json.loads(meta.read_text(encoding="utf-8"))
            except (OSError, json.JSONDecodeError) as exc:
                log.warning("bad metadata %s: %s", meta, exc)
                continue
            data.setdefault("name", meta.parent.name)
            data.setdefault("status", "draft")
            data.setdefault("props", {})
            data["slug"] = meta.parent.name
            items.append(data)
        return items

    def get(self, slug: str):
        for item in self.load():
            if item["slug"] == slug:
                return item
        return None


catalog = Catalog(COMPONENT_DIR)


@app.route("/")
def index():
    return render_template_string(INDEX, items=catalog.load())


@app.route("/c/<slug>")
def detail(slug: str):
    item = catalog.get(slug)
    if item is None:
        abort(404)
    return render_template_string(DETAIL, c=item)


@app.route("/api/components")
def api_components():
    return jsonify(catalog.load())


@app.route("/healthz")
def healthz():
    return jsonify({"ok": True, "components": len(catalog.load())})


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Component gallery preview server")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not COMPONENT_DIR.is_dir():
        log.error("./%s not found; run from the design repo root", COMPONENT_DIR)
        return 2
    log.info("serving %d components", len(catalog.load()))
    app.run(host="0.0.0.0", port=args.port, debug=True, use_reloader=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
