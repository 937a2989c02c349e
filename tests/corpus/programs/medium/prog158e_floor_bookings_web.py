#!/usr/bin/env python3
"""Small web page showing today's salon floor bookings.

Runs on the reception PC so the floor supervisor and apprentices can see the
day's bookings on the wall screen and tablets. Staff can add a note to a
booking (e.g. "patch test done") from a tablet.
"""
import argparse
import json
import logging
import random
import string
from datetime import date
from pathlib import Path

from flask import Flask, abort, redirect, request
from jinja2 import Environment, DictLoader

LOG = logging.getLogger("floor_bookings")

PAGE = """
<html><head><title>Salon floor - {{ day }}</title>
<meta http-equiv="refresh" content="60"></head>
<body>
<h1>Bookings for {{ day }}</h1>
<table border="1" cellpadding="4">
<tr><th>Time</th><th>Client</th><th>Service</th><th>Apprentice</th><th>Notes</th></tr>
{% for b in bookings %}
<tr><td>{{ b.time }}</td><td>{{ b.client }}</td><td>{{ b.service }}</td>
<td>{{ b.apprentice }}</td><td>{{ b.notes }}</td></tr>
{% endfor %}
</table>
<form method="post" action="/note?token={{ token }}">
Booking #<input name="idx" size="3"> Note <input name="note" size="40">
<button>Add</button></form>
</body></html>
"""

env = Environment(loader=DictLoader({"page.html": PAGE}), autoescape=False)
app = Flask(__name__)

STATE = {"file": Path("bookings_today.json"), "token": ""}


def make_token(n=12):
    # short token printed on the wall screen so only staff tablets can post notes
    alphabet = string.ascii_letters + string.digits
    return "".join(random.choice(alphabet) for _ in range(n))


def load_bookings():
    path = STATE["file"]
    if not path.exists():
        return []
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        LOG.error("bookings file unreadable: %s", exc)
        return []


def save_bookings(bookings):
    STATE["file"].write_text(json.dumps(bookings, indent=2), encoding="utf-8")


@app.route("/")
def index():
    bookings = sorted(load_bookings(), key=lambda b: b.get("time", ""))
    return env.get_template("page.html").render(
        day=date.today().strftime("%A %d %B"), bookings=bookings, token=STATE["token"])


@app.route("/note", methods=["POST"])
def add_note():
    if request.args.get("token") != STATE["token"]:
        abort(403)
    bookings = sorted(load_bookings(), key=lambda b: b.get("time", ""))
    try:
        idx = int(request.form["idx"]) - 1
        bookings[idx]["notes"] = (bookings[idx].get("notes", "") + " " + request.form["note"]).strip()
    except (KeyError, ValueError, IndexError):
        abort(400)
    save_bookings(bookings)
    LOG.info("note added to booking %d", idx + 1)
    return redirect("/")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--file", default="bookings_today.json")
    parser.add_argument("--port", type=int, default=8080)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    STATE["file"] = Path(args.file)
    STATE["token"] = make_token()
    print(f"staff note token: {STATE['token']}")
    # tablets on the salon Wi-Fi need to reach this, and debug helps when it breaks
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
