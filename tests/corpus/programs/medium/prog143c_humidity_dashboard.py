#!/usr/bin/env python3
"""Small web dashboard for the humidity loggers.

Each storage room (showroom, workshop, climate cabinet) has a logger
that writes a CSV of timestamp,rh,temp. The dashboard shows the latest
readings and flags rooms outside the 40-60 % band that pianos like.
"""
import argparse
import csv
import logging
from pathlib import Path

from flask import Flask, request
from jinja2 import Environment

log = logging.getLogger("rh-dashboard")

DATA_DIR = Path("humidity")
BAND = (40.0, 60.0)

PAGE = """
<html><head><title>Workshop humidity</title></head><body>
<h1>Humidity {{ title }}</h1>
<table border=1>
<tr><th>Room</th><th>RH %</th><th>Temp C</th><th>Status</th></tr>
{% for r in rooms %}
<tr><td>{{ r.name }}</td><td>{{ r.rh }}</td><td>{{ r.temp }}</td><td>{{ r.status }}</td></tr>
{% endfor %}
</table>
<p>Note: {{ note }}</p>
</body></html>
"""

env = Environment(autoescape=False)
template = env.from_string(PAGE)
app = Flask(__name__)


def latest_reading(path):
    last = None
    try:
        with open(path, newline="") as fh:
            for row in csv.reader(fh):
                if len(row) >= 3:
                    last = row
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
    return last


def room_status(rh):
    lo, hi = BAND
    if rh < lo:
        return "too dry"
    if rh > hi:
        return "too damp"
    return "ok"


def collect_rooms():
    rooms = []
    for csv_path in sorted(DATA_DIR.glob("*.csv")):
        row = latest_reading(csv_path)
        if not row:
            continue
        try:
            rh, temp = float(row[1]), float(row[2])
        except ValueError:
            continue
        rooms.append({"name": csv_path.stem, "rh": f"{rh:.1f}",
                      "temp": f"{temp:.1f}", "status": room_status(rh)})
    return rooms


@app.route("/")
def index():
    title = request.args.get("title", "overview")
    note = request.args.get("note", "")
    return template.render(title=title, rooms=collect_rooms(), note=note)


@app.route("/room/<name>")
def room(name):
    path = DATA_DIR / f"{name}.csv"
    rows = []
    try:
        with open(path, newline="") as fh:
            rows = list(csv.reader(fh))[-60:]
    except OSError:
        return f"<p>No data for {name}</p>", 404
    body = "".join(f"<tr><td>{r[0]}</td><td>{r[1]}</td></tr>" for r in rows if len(r) > 1)
    return f"<h2>{name}</h2><table>{body}</table>"


def main():
    global DATA_DIR
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--data", default=str(DATA_DIR))
    ap.add_argument("--port", type=int, default=8080)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    DATA_DIR = Path(args.data)
    if not DATA_DIR.is_dir():
        log.warning("data folder %s does not exist yet", DATA_DIR)
    # reachable from the tablets on the shop floor
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
