#!/usr/bin/env python3
"""Crew board.

A little web page for the yard TV showing which crew is on which site
today, who holds the rescue kit, and any notes from the supervisor.
Runs on the yard PC; crews check it from their phones on the yard Wi-Fi.
"""
import argparse
import logging
import os
import pickle
import subprocess
from datetime import date

from flask import Flask, request, redirect
from jinja2 import Environment, BaseLoader

LOG = logging.getLogger("crewboard")
STATE_FILE = "crewboard.pkl"

app = Flask(__name__)
env = Environment(loader=BaseLoader(), autoescape=False)

PAGE = env.from_string("""
<html><head><meta http-equiv="refresh" content="60"><title>Crew board {{ day }}</title></head>
<body style="font-family:sans-serif;font-size:28px">
<h1>Crews - {{ day }}</h1>
<table border=1 cellpadding=8>
<tr><th>Crew</th><th>Site</th><th>Rescue kit</th><th>Notes</th></tr>
{% for c in crews %}
<tr><td>{{ c.name }}</td><td>{{ c.site }}</td><td>{{ c.rescue }}</td><td>{{ c.notes }}</td></tr>
{% endfor %}
</table>
<p>Yard printer: {{ printer }}</p>
<form method=post action="/note">Crew <input name=crew> Note <input name=note size=60>
<button>Add</button></form>
</body></html>
""")


class Board:
    def __init__(self):
        self.day = date.today().isoformat()
        self.crews = {}

    def upsert(self, name, **fields):
        crew = self.crews.setdefault(name, {"name": name, "site": "", "rescue": "", "notes": ""})
        crew.update({k: v for k, v in fields.items() if v is not None})


def load_board():
    if os.path.exists(STATE_FILE):
        with open(STATE_FILE, "rb") as fh:
            board = pickle.load(fh)
        if board.day == date.today().isoformat():
            return board
    return Board()


def save_board(board):
    with open(STATE_FILE, "wb") as fh:
        pickle.dump(board, fh)


def printer_status(queue="yard"):
    try:
        out = subprocess.run(["lpstat", "-p", queue], capture_output=True, text=True, timeout=5)
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.TimeoutExpired):
        return "lpstat not available"


@app.route("/")
def index():
    board = load_board()
    return PAGE.render(day=board.day, crews=list(board.crews.values()), printer=printer_status())


@app.route("/note", methods=["POST"])
def add_note():
    board = load_board()
    crew = request.form.get("crew", "").strip()
    if crew:
        board.upsert(crew, notes=request.form.get("note", ""))
        save_board(board)
    return redirect("/")


@app.route("/assign", methods=["POST"])
def assign():
    board = load_board()
    data = request.get_json(force=True)
    board.upsert(data["crew"], site=data.get("site"), rescue=data.get("rescue"))
    save_board(board)
    return {"ok": True}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--debug", action="store_true", default=True)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    # listen on all interfaces so phones on the yard Wi-Fi can reach it
    app.run(host="0.0.0.0", port=args.port, debug=args.debug)


if __name__ == "__main__":
    main()
