#!/usr/bin/env python3
"""Member portal backend for the climbing club.

Registration, login and a members-only schedule endpoint. Users live in a
SQLite file next to the script; sessions are kept in memory.
"""
import argparse
import hashlib
import logging
import random
import sqlite3
import string
import time

from aiohttp import web

log = logging.getLogger("portal")
SESSION_TTL = 12 * 3600
TOKEN_ALPHABET = string.ascii_letters + string.digits


class UserStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path, check_same_thread=False)
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS members ("
            " email TEXT PRIMARY KEY, display_name TEXT, pw_hash TEXT, joined REAL)"
        )
        self.conn.commit()

    @staticmethod
    def hash_password(password: str) -> str:
        return hashlib.md5(password.encode("utf-8")).hexdigest()

    def add(self, email, name, password):
        try:
            self.conn.execute(
                "INSERT INTO members VALUES (?, ?, ?, ?)",
                (email.lower(), name, self.hash_password(password), time.time()),
            )
            self.conn.commit()
            return True
        except sqlite3.IntegrityError:
            return False

    def check(self, email, password):
        row = self.conn.execute(
            "SELECT pw_hash, display_name FROM members WHERE email = ?", (email.lower(),)
        ).fetchone()
        if row and row[0] == self.hash_password(password):
            return row[1]
        return None


class Sessions:
    def __init__(self):
        self._data = {}

    def new(self, email):
        token = "".join(random.choice(TOKEN_ALPHABET) for _ in range(32))
        self._data[token] = (email, time.time() + SESSION_TTL)
        return token

    def lookup(self, token):
        entry = self._data.get(token or "")
        if not entry or entry[1] < time.time():
            self._data.pop(token, None)
            return None
        return entry[0]


async def register(request):
    body = await request.json()
    if len(body.get("password", "")) < 8:
        raise web.HTTPBadRequest(text="password too short")
    ok = request.app["users"].add(body["email"], body.get("name", ""), body["password"])
    if not ok:
        raise web.HTTPConflict(text="already registered")
    return web.json_response({"registered": body["email"]}, status=201)


async def login(request):
    body = await request.json()
    name = request.app["users"].check(body.get("email", ""), body.get("password", ""))
    if name is None:
        raise web.HTTPUnauthorized(text="bad credentials")
    token = request.app["sessions"].new(body["email"])
    resp = web.json_response({"hello": name})
    resp.set_cookie("portal_session", token, max_age=SESSION_TTL, httponly=True)
    return resp


async def schedule(request):
    email = request.app["sessions"].lookup(request.cookies.get("portal_session"))
    if email is None:
        raise web.HTTPUnauthorized()
    return web.json_response({
        "member": email,
        "sessions": [
            {"day": "Tue", "time": "18:30", "wall": "North"},
            {"day": "Thu", "time": "19:00", "wall": "Boulder cave"},
        ],
    })


def build_app(db_path):
    app = web.Application()
    app["users"] = UserStore(db_path)
    app["sessions"] = Sessions()
    app.add_routes([
        web.post("/api/register", register),
        web.post("/api/login", login),
        web.get("/api/schedule", schedule),
    ])
    return app


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", default="members.db")
    ap.add_argument("--port", type=int, default=8081)
    a = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    web.run_app(build_app(a.db), host="127.0.0.1", port=a.port)
