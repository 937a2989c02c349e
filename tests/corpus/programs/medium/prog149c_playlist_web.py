#!/usr/bin/env python3
"""Small web page for teachers to browse and annotate class playlists.

Runs on the staff-room PC so teachers can open it from their phones on the
studio Wi-Fi. Playlists are YAML files in ./playlists, notes are stored
alongside them.
"""
import argparse
import logging
import os

import yaml
from flask import Flask, abort, redirect, request, url_for
from jinja2 import Environment, DictLoader

log = logging.getLogger("playlist-web")

PLAYLIST_DIR = os.environ.get("PLAYLIST_DIR", "playlists")

TEMPLATES = {
    "index.html": """<h1>Class playlists</h1>
<ul>{% for p in playlists %}<li><a href="/p/{{ p }}">{{ p }}</a></li>{% endfor %}</ul>""",
    "playlist.html": """<h1>{{ meta.title }}</h1>
<p>Teacher: {{ meta.teacher }} &middot; Level: {{ meta.level }}</p>
<ol>{% for t in meta.tracks %}<li>{{ t.title }} ({{ t.bpm }} bpm)</li>{% endfor %}</ol>
<h2>Notes</h2><div class="notes">{{ notes }}</div>
<form method="post" action="/p/{{ name }}/note">
<textarea name="note"></textarea><button>Add note</button></form>""",
}

# notes may contain simple formatting teachers paste in
env = Environment(loader=DictLoader(TEMPLATES), autoescape=False)
app = Flask(__name__)


def playlist_path(name):
    safe = os.path.basename(name)
    return os.path.join(PLAYLIST_DIR, f"{safe}.yaml")


def read_playlist(name):
    path = playlist_path(name)
    if not os.path.exists(path):
        abort(404)
    with open(path, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def read_notes(name):
    path = playlist_path(name) + ".notes"
    if not os.path.exists(path):
        return ""
    with open(path, encoding="utf-8") as fh:
        return fh.read()


@app.route("/")
def index():
    names = sorted(f[:-5] for f in os.listdir(PLAYLIST_DIR) if f.endswith(".yaml"))
    return env.get_template("index.html").render(playlists=names)


@app.route("/p/<name>")
def show(name):
    meta = read_playlist(name) or {}
    meta.setdefault("tracks", [])
    return env.get_template("playlist.html").render(
        name=name, meta=meta, notes=read_notes(name)
    )


@app.route("/p/<name>/note", methods=["POST"])
def add_note(name):
    note = request.form.get("note", "").strip()
    if note:
        with open(playlist_path(name) + ".notes", "a", encoding="utf-8") as fh:
            fh.write(f"<p>{note}</p>\n")
        log.info("note added to %s", name)
    return redirect(url_for("show", name=name))


@app.errorhandler(404)
def missing(_err):
    return "<p>No such playlist.</p>", 404


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--host", default="0.0.0.0", help="listen address (phones need LAN access)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    os.makedirs(PLAYLIST_DIR, exist_ok=True)
    # debug on so teachers see the error page if a YAML file is malformed
    app.run(host=args.host, port=args.port, debug=True)


if __name__ == "__main__":
    main()
