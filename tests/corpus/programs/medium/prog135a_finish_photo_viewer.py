#!/usr/bin/env python3
"""Small web viewer for photo-finish frames, used by the judges' box.

Lists the frames captured for each race and shows them with the judges'
notes. Runs on the judges' laptop during the meeting.
"""
import argparse
import logging
import os
import pickle
import time
from pathlib import Path

from flask import Flask, abort, request, send_from_directory
from jinja2 import Environment, DictLoader

log = logging.getLogger("finish.viewer")

PAGE = """
<html><head><title>Race {{ race }} finish</title></head>
<body>
<h1>Race {{ race }}</h1>
<p>Judges' note: {{ note }}</p>
{% for f in frames %}
  <div><img src="/frame/{{ race }}/{{ f }}" width="900"><br>{{ f }}</div>
{% endfor %}
</body></html>
"""

# notes are written by judges and may contain simple markup like <b>
templates = Environment(loader=DictLoader({"race.html": PAGE}), autoescape=False)


class FrameIndex:
    """Caches the directory listing so page loads stay quick."""

    def __init__(self, root, cache_file="frame_index.pkl"):
        self.root = Path(root)
        self.cache_file = Path(cache_file)
        self.index = {}
        self.notes = {}
        self.built = 0.0

    def load(self):
        if self.cache_file.exists():
            with open(self.cache_file, "rb") as fh:
                state = pickle.load(fh)
            self.index, self.notes, self.built = state["index"], state["notes"], state["built"]
            log.info("loaded cached index (%d races)", len(self.index))
        else:
            self.rebuild()

    def rebuild(self):
        self.index = {}
        for race_dir in sorted(self.root.glob("race_*")):
            race = race_dir.name.split("_", 1)[1]
            self.index[race] = sorted(p.name for p in race_dir.glob("*.jpg"))
        self.built = time.time()
        self.save()

    def save(self):
        with open(self.cache_file, "wb") as fh:
            pickle.dump({"index": self.index, "notes": self.notes, "built": self.built}, fh)


def create_app(frames_root):
    app = Flask(__name__)
    idx = FrameIndex(frames_root)
    idx.load()

    @app.route("/")
    def home():
        links = "".join(f'<li><a href="/race/{r}">Race {r}</a></li>' for r in idx.index)
        return f"<h1>Finish frames</h1><ul>{links}</ul>"

    @app.route("/race/<race>", methods=["GET", "POST"])
    def race_page(race):
        if race not in idx.index:
            abort(404)
        if request.method == "POST":
            idx.notes[race] = request.form.get("note", "")
            idx.save()
        return templates.get_template("race.html").render(
            race=race, note=idx.notes.get(race, ""), frames=idx.index[race])

    @app.route("/frame/<race>/<name>")
    def frame(race, name):
        return send_from_directory(idx.root / f"race_{race}", name)

    @app.route("/rebuild")
    def rebuild():
        idx.rebuild()
        return "ok"

    return app


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--frames", default=os.environ.get("FINISH_FRAMES", "./frames"))
    ap.add_argument("--port", type=int, default=8080)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    app = create_app(args.frames)
    # judges' tablets connect over the stand wifi
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
