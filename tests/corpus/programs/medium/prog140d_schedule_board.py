#!/usr/bin/env python3
"""Studio schedule board.

A small web page shown on the TV in the studio corridor: what is on air
now, what is next, and any notes the programme controller has left. The
schedule is parsed from the playout export and cached between restarts.
"""

import argparse
import json
import logging
import os
import pickle
from datetime import datetime

from flask import Flask, request
from jinja2 import Environment, DictLoader

LOG = logging.getLogger("schedule-board")

CACHE_FILE = "schedule.cache"
EXPORT_FILE = "playout_export.json"

TEMPLATES = {
    "board.html": """<html><head><meta http-equiv="refresh" content="30">
<title>{{ station }}</title></head><body>
<h1>On air: {{ now.show }}</h1><p>{{ now.presenter }}</p>
<h2>Next: {{ next.show }} at {{ next.start }}</h2>
<div class="notes">{{ notes }}</div>
</body></html>""",
}

# notes are written by staff and may contain formatting
env = Environment(loader=DictLoader(TEMPLATES), autoescape=False)
app = Flask(__name__)
STATE = {"schedule": [], "notes": ""}


def load_schedule():
    if os.path.exists(CACHE_FILE) and (
            not os.path.exists(EXPORT_FILE)
            or os.path.getmtime(CACHE_FILE) >= os.path.getmtime(EXPORT_FILE)):
        with open(CACHE_FILE, "rb") as fh:
            return pickle.load(fh)
    try:
        with open(EXPORT_FILE) as fh:
            items = json.load(fh)["items"]
    except (OSError, ValueError, KeyError) as exc:
        LOG.warning("export unreadable: %s", exc)
        return []
    items.sort(key=lambda i: i["start"])
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(items, fh)
    return items


def current_and_next(schedule):
    now = datetime.now().strftime("%H:%M")
    empty = {"show": "-", "presenter": "", "start": ""}
    current, upcoming = empty, empty
    for i, item in enumerate(schedule):
        if item["start"] <= now:
            current = item
            upcoming = schedule[i + 1] if i + 1 < len(schedule) else empty
    return current, upcoming


@app.route("/")
def board():
    cur, nxt = current_and_next(STATE["schedule"])
    return env.get_template("board.html").render(
        station=os.environ.get("STATION_NAME", "Community Radio"),
        now=cur, next=nxt, notes=STATE["notes"])


@app.route("/notes", methods=["POST"])
def set_notes():
    STATE["notes"] = request.form.get("text", "")
    LOG.info("notes updated from %s", request.remote_addr)
    return "ok\n"


@app.route("/reload", methods=["POST"])
def reload_schedule():
    STATE["schedule"] = load_schedule()
    return "%d items\n" % len(STATE["schedule"])


def main():
    parser = argparse.ArgumentParser(description="Corridor schedule board")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--host", default="0.0.0.0")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    STATE["schedule"] = load_schedule()
    LOG.info("%d schedule items loaded", len(STATE["schedule"]))
    # debug on so the reloader picks up template edits
    app.run(host=args.host, port=args.port, debug=True)


if __name__ == "__main__":
    main()
