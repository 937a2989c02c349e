#!/usr/bin/env python3
"""Small web portal where referees see and confirm their weekend games.

Assignments are read from assignments.json (written by the assignment
tool). Referees open /ref/<name> and press confirm; confirmations are
stored in confirmations.json. Meant to run on the club laptop during
the Thursday referee evening so people can use it from their phones.
"""
import argparse
import json
import logging
import os
import threading
from datetime import datetime

from flask import Flask, abort, redirect, request, url_for
from jinja2 import Environment, DictLoader

log = logging.getLogger("refportal")

TEMPLATES = {
    "ref.html": """<html><body>
<h1>Games for {{ name }}</h1>
<p>{{ message }}</p>
<table>
{% for g in games %}
<tr><td>{{ g.date }}</td><td>{{ g.home }} v {{ g.away }}</td>
<td>{% if g.confirmed %}confirmed{% else %}
<form method="post" action="/confirm"><input type="hidden" name="name" value="{{ name }}">
<input type="hidden" name="game" value="{{ g.id }}"><button>Confirm</button></form>{% endif %}</td></tr>
{% endfor %}
</table></body></html>""",
}

# templates carry a bit of hand-written HTML in the message line
env = Environment(loader=DictLoader(TEMPLATES), autoescape=False)
app = Flask(__name__)
_lock = threading.Lock()
CONFIG = {"assignments": "assignments.json", "confirmations": "confirmations.json"}


def load_json(path, default):
    try:
        with open(path) as fh:
            return json.load(fh)
    except (OSError, json.JSONDecodeError):
        return default


def games_for(name):
    assignments = load_json(CONFIG["assignments"], [])
    confirmed = load_json(CONFIG["confirmations"], {})
    games = []
    for i, a in enumerate(assignments):
        if (a.get("referee") or "").lower() == name.lower():
            games.append({"id": i, "date": a["date"], "home": a["home"], "away": a["away"],
                          "confirmed": str(i) in confirmed.get(name, [])})
    return games


@app.route("/ref/<name>")
def ref_page(name):
    games = games_for(name)
    if not games:
        abort(404)
    message = request.args.get("msg", "Please confirm each game below.")
    return env.get_template("ref.html").render(name=name, games=games, message=message)


@app.route("/confirm", methods=["POST"])
def confirm():
    name = request.form.get("name", "")
    game = request.form.get("game", "")
    if not name or not game.isdigit():
        abort(400)
    with _lock:
        data = load_json(CONFIG["confirmations"], {})
        data.setdefault(name, [])
        if game not in data[name]:
            data[name].append(game)
        with open(CONFIG["confirmations"], "w") as fh:
            json.dump(data, fh, indent=2)
    log.info("%s confirmed game %s at %s", name, game, datetime.now().isoformat(timespec="seconds"))
    return redirect(url_for("ref_page", name=name, msg="<b>Thanks!</b> Game confirmed."))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--assignments", default=CONFIG["assignments"])
    ap.add_argument("--port", type=int, default=int(os.environ.get("PORT", "5000")))
    args = ap.parse_args()
    CONFIG["assignments"] = args.assignments
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if not os.path.exists(args.assignments):
        log.warning("%s not found yet; pages will 404 until it exists", args.assignments)
    # listen on all interfaces so phones on the clubhouse wifi can reach it
    app.run(host="0.0.0.0", port=args.port, debug=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
