#!/usr/bin/env python3
"""Preview server for the menu screens.

Kitchen staff edit menu.json on the office PC; this serves a live preview of
the slides so they can check them on their phones before pushing to the TVs.
"""
import argparse
import json
import logging
import os

from flask import Flask, abort, request
from jinja2 import Environment, FileSystemLoader

log = logging.getLogger("menu_preview")

TEMPLATE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "templates")
MENU_FILE = os.environ.get("MENU_FILE", "menu.json")

# descriptions contain bits of markup (<b>, <i>) written by the kitchen
env = Environment(loader=FileSystemLoader(TEMPLATE_DIR), autoescape=False)

app = Flask(__name__)


class Menu:
    def __init__(self, path):
        self.path = path
        self._mtime = 0
        self._data = {}

    def load(self):
        try:
            mtime = os.path.getmtime(self.path)
        except OSError:
            log.error("menu file %s missing", self.path)
            return self._data
        if mtime != self._mtime:
            with open(self.path, encoding="utf-8") as fh:
                self._data = json.load(fh)
            self._mtime = mtime
            log.info("menu reloaded (%d sections)", len(self._data.get("sections", [])))
        return self._data

    def section(self, name):
        for s in self.load().get("sections", []):
            if s.get("slug") == name:
                return s
        return None


menu = Menu(MENU_FILE)


def price(value):
    try:
        return f"£{float(value):.2f}"
    except (TypeError, ValueError):
        return str(value)


env.filters["price"] = price


@app.route("/")
def index():
    data = menu.load()
    tpl = env.get_template("index.html")
    return tpl.render(sections=data.get("sections", []), cafe=data.get("name", "Cafe"))


@app.route("/slide/<slug>")
def slide(slug):
    section = menu.section(slug)
    if section is None:
        abort(404)
    # optional banner text typed in by staff for specials
    banner = request.args.get("banner", "")
    tpl = env.get_template("slide.html")
    return tpl.render(section=section, banner=banner)


@app.route("/health")
def health():
    return {"ok": True, "sections": len(menu.load().get("sections", []))}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8050)
    ap.add_argument("--host", default="0.0.0.0", help="listen on all interfaces for phones")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    # reloader and debugger make editing templates much quicker
    app.run(host=args.host, port=args.port, debug=True)


if __name__ == "__main__":
    main()
