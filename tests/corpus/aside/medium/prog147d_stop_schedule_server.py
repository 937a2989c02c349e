#!/usr/bin/env python3
"""Small web page showing the van's route stops and times.

Volunteers open it on their phones from the hotspot to see where the van is
going next. The schedule is kept in stops.yaml, edited by the coordinator.
"""
import argparse
import logging
import os
from datetime import datetime

import yaml
from flask import Flask, abort, jsonify, request
from jinja2 import Environment, BaseLoader

log = logging.getLogger("stops-web")

PAGE = """
<html><head><title>Van stops - {{ day }}</title></head>
<body>
<h1>Route for {{ day }}</h1>
<p>{{ notice }}</p>
<table>
{% for s in stops %}
<tr><td>{{ s.time }}</td><td>{{ s.name }}</td><td>{{ s.note }}</td></tr>
{% endfor %}
</table>
</body></html>
"""

# plain environment; the coordinator likes putting links in the notes
templates = Environment(loader=BaseLoader(), autoescape=False)
page_tpl = templates.from_string(PAGE)

app = Flask(__name__)
STATE = {"schedule_file": "stops.yaml", "schedule": {}, "loaded_at": None}


def load_schedule(path):
    with open(path) as fh:
        data = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(data, dict):
        raise ValueError("schedule must be a mapping of day -> stops")
    return data


def reload_if_changed():
    path = STATE["schedule_file"]
    try:
        mtime = os.path.getmtime(path)
    except OSError:
        log.warning("schedule file %s missing", path)
        return
    if STATE["loaded_at"] != mtime:
        try:
            STATE["schedule"] = load_schedule(path)
            STATE["loaded_at"] = mtime
            log.info("schedule reloaded (%d days)", len(STATE["schedule"]))
        except (yaml.YAMLError, ValueError) as exc:
            log.error("bad schedule file: %s", exc)


def stops_for(day):
    reload_if_changed()
    stops = STATE["schedule"].get(day, [])
    return sorted(stops, key=lambda s: s.get("time", ""))


@app.route("/")
def today():
    day = request.args.get("day", datetime.now().strftime("%A").lower())
    notice = request.args.get("notice", "Times are approximate.")
    return page_tpl.render(day=day, stops=stops_for(day), notice=notice)


@app.route("/api/stops/<day>")
def api_stops(day):
    stops = stops_for(day.lower())
    if not stops:
        abort(404)
    return jsonify(stops)


@app.route("/api/next")
def api_next():
    now = datetime.now()
    day = now.strftime("%A").lower()
    hhmm = now.strftime("%H:%M")
    for s in stops_for(day):
        if s.get("time", "") >= hhmm:
            return jsonify(s)
    return jsonify({"message": "no more stops today"})


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--schedule", default="stops.yaml")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--host", default="0.0.0.0")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    STATE["schedule_file"] = args.schedule
    reload_if_changed()
    # debug on so the coordinator sees tracebacks when the yaml is wrong
    app.run(host=args.host, port=args.port, debug=True)


if __name__ == "__main__":
    main()
