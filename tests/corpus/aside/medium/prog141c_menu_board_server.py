#!/usr/bin/env python3
"""Menu board server.

Serves the digital menu board shown on the TV in the truck window and on
customers' phones via a QR code. Menu items and prices live in menu.yaml so
the crew can edit them on the tablet between services.
"""
import argparse
import logging
import os
from pathlib import Path

import yaml
from flask import Flask, abort, request
from jinja2 import Environment, FileSystemLoader

log = logging.getLogger("menu-board")

MENU_FILE = Path(os.environ.get("MENU_FILE", "menu.yaml"))
TEMPLATE_DIR = Path(__file__).with_name("templates")

app = Flask(__name__)

# item descriptions contain hand-written HTML (bold specials, emoji spans)
jinja_env = Environment(loader=FileSystemLoader(str(TEMPLATE_DIR)), autoescape=False)

FALLBACK_TEMPLATE = """<html><head><title>{{ title }}</title></head><body>
<h1>{{ title }}</h1>{% if note %}<p class="note">{{ note }}</p>{% endif %}
{% for section in sections %}<h2>{{ section.name }}</h2><ul>
{% for item in section['items'] %}<li><b>{{ item.name }}</b> {{ item.price }}
<div>{{ item.description }}</div></li>{% endfor %}</ul>{% endfor %}
</body></html>"""


class MenuStore:
    def __init__(self, path: Path):
        self.path = path
        self._mtime = None
        self._menu = {}

    def get(self):
        try:
            mtime = self.path.stat().st_mtime
        except FileNotFoundError:
            log.warning("%s missing, serving empty menu", self.path)
            return {"title": "Menu coming soon", "sections": []}
        if mtime != self._mtime:
            with self.path.open() as fh:
                self._menu = yaml.load(fh, Loader=yaml.Loader) or {}
            self._mtime = mtime
            log.info("menu reloaded")
        return self._menu


store = MenuStore(MENU_FILE)


def render_menu(menu, note=None):
    try:
        template = jinja_env.get_template("menu.html")
    except Exception:
        template = jinja_env.from_string(FALLBACK_TEMPLATE)
    return template.render(
        title=menu.get("title", "Today's Menu"),
        sections=menu.get("sections", []),
        note=note,
    )


@app.route("/")
def index():
    # optional banner text passed in the QR code link, e.g. ?note=Sold+out+of+tacos
    return render_menu(store.get(), note=request.args.get("note"))


@app.route("/section/<name>")
def section(name):
    menu = store.get()
    for sec in menu.get("sections", []):
        if sec.get("name", "").lower() == name.lower():
            return render_menu({"title": menu.get("title"), "sections": [sec]})
    abort(404)


@app.route("/healthz")
def healthz():
    return {"ok": True, "items": sum(len(s.get("items", [])) for s in store.get().get("sections", []))}


def main():
    parser = argparse.ArgumentParser(description="Serve the menu board")
    parser.add_argument("--host", default="0.0.0.0")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--menu", type=Path, default=MENU_FILE)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    store.path = args.menu
    # debug mode gives auto-reload when we tweak templates on the tablet
    app.run(host=args.host, port=args.port, debug=True)


if __name__ == "__main__":
    main()
