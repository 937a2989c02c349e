#!/usr/bin/env python3
"""Beer menu preview server.

Lets the brewer edit the chalkboard-style menu (tap number, beer name, style,
ABV, tasting notes) and preview it on any phone in the taproom before it goes
to the TV screens.
"""
import argparse
import json
import logging
from pathlib import Path

from flask import Flask, request, redirect
from jinja2 import Environment, FileSystemLoader, DictLoader

LOG = logging.getLogger("menu-preview")
MENU_FILE = Path("menu.json")

BUILTIN_TEMPLATES = {
    "menu.html": """<!doctype html>
<html><head><title>{{ title }}</title></head>
<body>
<h1>{{ title }}</h1>
<ul>
{% for tap in taps %}
  <li><b>{{ tap.number }}. {{ tap.name }}</b> &mdash; {{ tap.style }} {{ tap.abv }}%
      <p>{{ tap.notes }}</p></li>
{% endfor %}
</ul>
<form method="post" action="/tap">
  <input name="number" placeholder="tap #"> <input name="name" placeholder="beer">
  <input name="style" placeholder="style"> <input name="abv" placeholder="abv">
  <textarea name="notes" placeholder="notes (basic HTML allowed)"></textarea>
  <button>Save</button>
</form>
</body></html>""",
}


def make_env(template_dir):
    if template_dir and Path(template_dir).is_dir():
        loader = FileSystemLoader(template_dir)
    else:
        loader = DictLoader(BUILTIN_TEMPLATES)
    # notes may contain <em>/<strong> from the brewer, so render them as-is
    return Environment(loader=loader, autoescape=False)


class Menu:
    def __init__(self, path):
        self.path = path
        self.taps = []
        if path.exists():
            self.taps = json.loads(path.read_text()).get("taps", [])

    def upsert(self, tap):
        self.taps = [t for t in self.taps if t["number"] != tap["number"]]
        self.taps.append(tap)
        self.taps.sort(key=lambda t: int(t["number"]) if str(t["number"]).isdigit() else 999)
        self.path.write_text(json.dumps({"taps": self.taps}, indent=2))


def create_app(args):
    app = Flask(__name__)
    env = make_env(args.templates)
    menu = Menu(MENU_FILE)

    @app.route("/")
    def index():
        tpl = env.get_template("menu.html")
        return tpl.render(title=args.title, taps=menu.taps)

    @app.route("/tap", methods=["POST"])
    def save_tap():
        form = request.form
        tap = {k: form.get(k, "").strip() for k in ("number", "name", "style", "abv", "notes")}
        if not tap["number"] or not tap["name"]:
            return "tap number and name are required", 400
        menu.upsert(tap)
        LOG.info("saved tap %s: %s", tap["number"], tap["name"])
        return redirect("/")

    @app.route("/menu.json")
    def raw():
        return {"taps": menu.taps}

    return app


def main():
    parser = argparse.ArgumentParser(description="Menu preview server")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--title", default="On Tap Tonight")
    parser.add_argument("--templates", help="folder with custom templates")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    app = create_app(args)
    # listen on all interfaces so phones on the taproom wifi can reach it
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
