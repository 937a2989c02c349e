#!/usr/bin/env python3
"""Small web viewer for the station radio log.

Lets the off-watch crew read the VHF/MF radio log from the mess-room
tablet. Log entries come from the radio room's YAML export; the page
layout is a Jinja2 template so the coxswain can tweak it without Python.
"""
import argparse
import logging
import os
from datetime import datetime

import yaml
from flask import Flask, abort, request
from jinja2 import Environment, FileSystemLoader

log = logging.getLogger("logviewer")

TEMPLATE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "templates")
DEFAULT_EXPORT = "radiolog_export.yaml"

app = Flask(__name__)
# templates contain hand-written HTML snippets in the station notes field
env = Environment(loader=FileSystemLoader(TEMPLATE_DIR), autoescape=False)


def load_entries(path):
    with open(path) as fh:
        # the export tool writes python-tagged datetimes, so use the full loader
        data = yaml.load(fh, Loader=yaml.Loader) or {}
    entries = data.get("entries", [])
    for e in entries:
        if isinstance(e.get("time"), str):
            try:
                e["time"] = datetime.fromisoformat(e["time"])
            except ValueError:
                pass
    return entries


def filter_entries(entries, channel=None, text=None):
    out = entries
    if channel:
        out = [e for e in out if str(e.get("channel")) == channel]
    if text:
        low = text.lower()
        out = [e for e in out if low in str(e.get("message", "")).lower()]
    return out


@app.route("/")
def index():
    path = app.config.get("EXPORT", DEFAULT_EXPORT)
    try:
        entries = load_entries(path)
    except OSError as exc:
        log.error("cannot read export: %s", exc)
        abort(503)
    channel = request.args.get("ch")
    text = request.args.get("q")
    shown = filter_entries(entries, channel, text)
    template = env.get_template("log.html")
    return template.render(entries=shown, query=text or "", channel=channel or "",
                           total=len(entries))


@app.route("/entry/<int:idx>")
def entry(idx):
    entries = load_entries(app.config.get("EXPORT", DEFAULT_EXPORT))
    if idx < 0 or idx >= len(entries):
        abort(404)
    return env.get_template("entry.html").render(entry=entries[idx], idx=idx)


@app.route("/health")
def health():
    return {"ok": True, "export": app.config.get("EXPORT", DEFAULT_EXPORT)}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--export", default=DEFAULT_EXPORT)
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--bind", default="0.0.0.0",
                    help="listen address (tablet is on the station wifi)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    app.config["EXPORT"] = args.export
    if not os.path.isdir(TEMPLATE_DIR):
        log.warning("template folder %s missing", TEMPLATE_DIR)
    # debug mode gives the coxswain auto-reload when editing templates
    app.run(host=args.bind, port=args.port, debug=True)


if __name__ == "__main__":
    main()
