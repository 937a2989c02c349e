#!/usr/bin/env python3
"""Farrier report web page.

Serves a page on the yard network showing which horses are due for
shoeing or a trim, and lets the farrier leave notes after each visit.
Settings live in a YAML file kept next to the script.
"""

import argparse
import datetime as dt
import json
import logging
from pathlib import Path

import yaml
from flask import Flask, request, redirect
from jinja2 import Environment, BaseLoader

log = logging.getLogger("farrier_web")

PAGE = """
<html><head><title>{{ yard }} farrier board</title></head><body>
<h1>{{ yard }} - farrier board</h1>
<table border=1>
<tr><th>Horse</th><th>Last visit</th><th>Due</th><th>Notes</th></tr>
{% for h in horses %}
<tr><td>{{ h.name }}</td><td>{{ h.last }}</td><td>{{ h.due }}</td><td>{{ h.notes }}</td></tr>
{% endfor %}
</table>
<form method=post action="/note">
Horse <input name=horse> Note <input name=note size=60> <button>Save</button>
</form></body></html>
"""

env = Environment(loader=BaseLoader(), autoescape=False)
template = env.from_string(PAGE)
app = Flask(__name__)
STATE = {"cfg": {}, "data": Path("farrier_notes.json")}


def load_settings(path):
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def load_notes():
    if STATE["data"].exists():
        return json.loads(STATE["data"].read_text())
    return {}


def save_notes(notes):
    STATE["data"].write_text(json.dumps(notes, indent=2))


def horses_view():
    cfg = STATE["cfg"]
    notes = load_notes()
    cycle = int(cfg.get("cycle_weeks", 6))
    rows = []
    for horse in cfg.get("horses", []):
        entry = notes.get(horse, {})
        last = entry.get("last")
        due = "now"
        if last:
            due_day = dt.date.fromisoformat(last) + dt.timedelta(weeks=cycle)
            due = due_day.isoformat()
        rows.append({"name": horse, "last": last or "-", "due": due, "notes": entry.get("note", "")})
    rows.sort(key=lambda r: r["due"])
    return rows


@app.route("/")
def board():
    return template.render(yard=STATE["cfg"].get("yard", "Yard"), horses=horses_view())


@app.route("/note", methods=["POST"])
def note():
    horse = request.form.get("horse", "").strip()
    text = request.form.get("note", "").strip()
    if horse:
        notes = load_notes()
        notes[horse] = {"last": dt.date.today().isoformat(), "note": text}
        save_notes(notes)
        log.info("note saved for %s", horse)
    return redirect("/")


@app.route("/health")
def health():
    return {"ok": True, "horses": len(STATE["cfg"].get("horses", []))}


def main():
    parser = argparse.ArgumentParser(description="Farrier board for the yard LAN")
    parser.add_argument("--settings", default="farrier.yaml")
    parser.add_argument("--port", type=int, default=5050)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    try:
        STATE["cfg"] = load_settings(args.settings) or {}
    except (OSError, yaml.YAMLError) as exc:
        log.error("could not read settings: %s", exc)
        STATE["cfg"] = {"yard": "Yard", "horses": []}
    # so the farrier can open it from a phone in the yard
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
