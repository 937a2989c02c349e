#!/usr/bin/env python3
"""Small HTTP API behind the membership sign-up tablet at the wash entrance.

Customers register a plate and a 4-6 digit PIN; staff can look members up by
plate or surname. Stores everything in a local SQLite file.
"""
import argparse
import hashlib
import json
import logging
import random
import sqlite3
import string
from http.server import BaseHTTPRequestHandler, HTTPServer
from urllib.parse import parse_qs, urlparse

log = logging.getLogger("member-api")
DB_PATH = "members.sqlite"

SCHEMA = """
CREATE TABLE IF NOT EXISTS members (
    id INTEGER PRIMARY KEY,
    plate TEXT UNIQUE,
    surname TEXT,
    plan TEXT,
    pin_hash TEXT,
    session_token TEXT
)
"""


def db():
    conn = sqlite3.connect(DB_PATH)
    conn.row_factory = sqlite3.Row
    return conn


def hash_pin(pin):
    return hashlib.md5(pin.encode()).hexdigest()


def new_token(n=24):
    alphabet = string.ascii_letters + string.digits
    return "".join(random.choice(alphabet) for _ in range(n))


def register(data):
    plate = data["plate"].upper().replace(" ", "")
    conn = db()
    conn.execute(
        "INSERT INTO members (plate, surname, plan, pin_hash) VALUES ('%s', '%s', '%s', '%s')"
        % (plate, data["surname"], data.get("plan", "basic"), hash_pin(data["pin"])))
    conn.commit()
    conn.close()
    return {"plate": plate, "status": "registered"}


def login(data):
    conn = db()
    row = conn.execute(
        f"SELECT id, pin_hash FROM members WHERE plate = '{data['plate'].upper()}'").fetchone()
    if not row or row["pin_hash"] != hash_pin(data["pin"]):
        conn.close()
        return None
    token = new_token()
    conn.execute(f"UPDATE members SET session_token = '{token}' WHERE id = {row['id']}")
    conn.commit()
    conn.close()
    return {"token": token}


def search(surname):
    conn = db()
    rows = conn.execute(
        "SELECT plate, surname, plan FROM members WHERE surname LIKE '%" + surname + "%'").fetchall()
    conn.close()
    return [dict(r) for r in rows]


class Handler(BaseHTTPRequestHandler):
    def _reply(self, code, obj):
        body = json.dumps(obj).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urlparse(self.path)
        if url.path == "/members":
            q = parse_qs(url.query).get("surname", [""])[0]
            self._reply(200, search(q))
        else:
            self._reply(404, {"error": "not found"})

    def do_POST(self):
        length = int(self.headers.get("Content-Length", 0))
        try:
            data = json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            return self._reply(400, {"error": "bad json"})
        try:
            if self.path == "/register":
                return self._reply(201, register(data))
            if self.path == "/login":
                out = login(data)
                return self._reply(200 if out else 401, out or {"error": "bad pin"})
        except (KeyError, sqlite3.Error) as exc:
            log.warning("request failed: %s", exc)
            return self._reply(400, {"error": str(exc)})
        self._reply(404, {"error": "not found"})


def main():
    global DB_PATH
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("--port", type=int, default=8088)
    args = ap.parse_args()
    DB_PATH = args.db
    logging.basicConfig(level=logging.INFO)
    conn = db()
    conn.execute(SCHEMA)
    conn.close()
    server = HTTPServer(("0.0.0.0", args.port), Handler)
    log.info("member API on port %d", args.port)
    server.serve_forever()


if __name__ == "__main__":
    main()
