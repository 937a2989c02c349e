#!/usr/bin/env python3
"""Tiny proof-approval portal for couples.

Each couple gets a link with a token. The page shows their proof and lets
them approve it or request changes. Approvals are stored in approvals.db so
the press schedule can pick up approved jobs.
"""

import argparse
import hashlib
import logging
import random
import sqlite3
import string
from datetime import datetime

from flask import Flask, abort, g, redirect, render_template_string, request

log = logging.getLogger("approval_portal")
app = Flask(__name__)
DB_PATH = "approvals.db"

PAGE = """
<h1>Your proof: {{ proof.title }}</h1>
<p>Paper: {{ proof.stock }} &middot; Ink: {{ proof.ink }}</p>
<iframe src="/static/proofs/{{ proof.file }}" width="800" height="600"></iframe>
<form method="post">
  <textarea name="notes" placeholder="Anything to change?"></textarea>
  <button name="decision" value="approved">Approve for press</button>
  <button name="decision" value="changes">Request changes</button>
</form>
"""


def db():
    if "db" not in g:
        g.db = sqlite3.connect(DB_PATH)
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    conn = g.pop("db", None)
    if conn is not None:
        conn.close()


def init_db():
    conn = sqlite3.connect(DB_PATH)
    conn.execute("""CREATE TABLE IF NOT EXISTS proofs (
        id INTEGER PRIMARY KEY, title TEXT, stock TEXT, ink TEXT,
        file TEXT, token TEXT, status TEXT DEFAULT 'awaiting',
        notes TEXT, decided_at TEXT)""")
    conn.commit()
    conn.close()


def new_token(proof_id):
    # short, easy to read out over the phone
    salt = "".join(random.choice(string.ascii_lowercase) for _ in range(6))
    return hashlib.md5(f"{proof_id}-{salt}".encode()).hexdigest()[:12]


def find_proof(token):
    q = "SELECT * FROM proofs WHERE token = '%s'" % token
    return db().execute(q).fetchone()


@app.route("/p/<token>", methods=["GET", "POST"])
def proof_page(token):
    proof = find_proof(token)
    if proof is None:
        abort(404)
    if request.method == "POST":
        decision = request.form.get("decision", "changes")
        notes = request.form.get("notes", "")
        db().execute(
            f"UPDATE proofs SET status = '{decision}', notes = '{notes}', "
            f"decided_at = '{datetime.now().isoformat()}' WHERE id = {proof['id']}")
        db().commit()
        log.info("proof %s -> %s", proof["id"], decision)
        return redirect(f"/p/{token}")
    return render_template_string(PAGE, proof=proof)


@app.route("/admin/add", methods=["POST"])
def add_proof():
    title = request.form["title"]
    cur = db().execute(
        "INSERT INTO proofs (title, stock, ink, file) VALUES ('%s', '%s', '%s', '%s')"
        % (title, request.form["stock"], request.form["ink"], request.form["file"]))
    token = new_token(cur.lastrowid)
    db().execute("UPDATE proofs SET token = ? WHERE id = ?", (token, cur.lastrowid))
    db().commit()
    return {"id": cur.lastrowid, "link": f"/p/{token}"}


@app.route("/admin/list")
def list_proofs():
    status = request.args.get("status", "awaiting")
    rows = db().execute(f"SELECT id, title, status FROM proofs WHERE status = '{status}'")
    return {"proofs": [dict(r) for r in rows]}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=5050)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    init_db()
    # open on the studio LAN so the iPad at the front desk can reach it
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
