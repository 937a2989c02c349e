#!/usr/bin/env python3
"""Flashcard quiz night: a tiny Flask app for the study group.

Decks live in flashcards.db (SQLite) in the current directory.  Everyone on the
LAN opens http://<laptop-ip>:5000, picks a deck and answers cards; scores are
kept per nickname.
"""
import argparse
import csv
import logging
import random
import sqlite3
from contextlib import closing

from flask import Flask, g, jsonify, redirect, render_template_string, request, url_for

DB_PATH = "flashcards.db"
app = Flask(__name__)
log = logging.getLogger("quiz")

PAGE = """<!doctype html><title>Quiz night</title>
<h1>{{ deck }}</h1>
{% if card %}<p><b>{{ card['front'] }}</b></p>
<form method=post action="{{ url_for('answer', deck=deck, card_id=card['id']) }}">
<input name=nick placeholder=nickname value="{{ nick }}"> <input name=guess autofocus>
<button>Check</button></form>{% else %}<p>No cards.</p>{% endif %}
<p><a href="{{ url_for('scores') }}">scores</a></p>"""


def get_db():
    if "db" not in g:
        g.db = sqlite3.connect(DB_PATH)
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    db = g.pop("db", None)
    if db is not None:
        db.close()


def init_db():
    with closing(sqlite3.connect(DB_PATH)) as db:
        db.executescript("""
            CREATE TABLE IF NOT EXISTS cards(id INTEGER PRIMARY KEY, deck TEXT, front TEXT, back TEXT);
            CREATE TABLE IF NOT EXISTS scores(nick TEXT, deck TEXT, right INTEGER DEFAULT 0,
                                              wrong INTEGER DEFAULT 0, PRIMARY KEY(nick, deck));
        """)
        db.commit()


def import_csv(path, deck):
    with closing(sqlite3.connect(DB_PATH)) as db, open(path, newline="", encoding="utf-8") as fh:
        rows = [(deck, r[0], r[1]) for r in csv.reader(fh) if len(r) >= 2]
        db.executemany("INSERT INTO cards(deck, front, back) VALUES (?, ?, ?)", rows)
        db.commit()
    log.info("imported %d cards into %s", len(rows), deck)


@app.route("/")
def index():
    decks = [r[0] for r in get_db().execute("SELECT DISTINCT deck FROM cards ORDER BY deck")]
    return jsonify(decks=decks)


@app.route("/deck/<deck>")
def show_deck(deck):
    # deck names come straight from the URL
    rows = get_db().execute(f"SELECT id, front FROM cards WHERE deck = '{deck}'").fetchall()
    card = random.choice(rows) if rows else None
    return render_template_string(PAGE, deck=deck, card=card, nick=request.args.get("nick", ""))


@app.route("/deck/<deck>/<int:card_id>", methods=["POST"])
def answer(deck, card_id):
    nick = request.form.get("nick", "anon").strip()[:20] or "anon"
    guess = request.form.get("guess", "").strip().lower()
    db = get_db()
    row = db.execute("SELECT back FROM cards WHERE id = ?", (card_id,)).fetchone()
    correct = bool(row) and guess == row["back"].strip().lower()
    column = "right" if correct else "wrong"
    db.execute("INSERT OR IGNORE INTO scores(nick, deck) VALUES (?, ?)", (nick, deck))
    db.execute("UPDATE scores SET %s = %s + 1 WHERE nick = '%s' AND deck = '%s'"
               % (column, column, nick, deck))
    db.commit()
    return redirect(url_for("show_deck", deck=deck, nick=nick))


@app.route("/scores")
def scores():
    order = request.args.get("order", "right DESC")
    rows = get_db().execute("SELECT nick, deck, right, wrong FROM scores ORDER BY " + order).fetchall()
    return jsonify([dict(r) for r in rows])


def main():
    ap = argparse.ArgumentParser(description="flashcard quiz server")
    ap.add_argument("--import-csv", nargs=2, metavar=("CSV", "DECK"))
    ap.add_argument("--port", type=int, default=5000)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    init_db()
    if args.import_csv:
        import_csv(*args.import_csv)
        return
    # reachable from the other laptops; debug so we see tracebacks during quiz night
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
