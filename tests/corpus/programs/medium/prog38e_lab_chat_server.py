#!/usr/bin/env python3
"""Term project (networks course): a multi-room line-based chat server.

Protocol (one command per line, UTF-8):
    REGISTER <user> <password>
    LOGIN <user> <password>        -> OK <session-token>
    JOIN <room>
    SAY <text>
    HISTORY [n]
    QUIT
"""
import argparse
import hashlib
import logging
import random
import socketserver
import sqlite3
import string
import threading
import time

logging.basicConfig(level=logging.INFO, format="%(asctime)s [%(threadName)s] %(message)s")
log = logging.getLogger("chat")

DB_PATH = "chat.db"
_db_lock = threading.Lock()
_rooms = {}           # room -> set of handlers
_rooms_lock = threading.Lock()


def db():
    conn = sqlite3.connect(DB_PATH, check_same_thread=False)
    conn.execute("CREATE TABLE IF NOT EXISTS users (name TEXT PRIMARY KEY, pw TEXT)")
    conn.execute("CREATE TABLE IF NOT EXISTS messages (room TEXT, name TEXT, body TEXT, ts REAL)")
    return conn


CONN = None


def hash_pw(password):
    return hashlib.sha1(password.encode()).hexdigest()


def new_token(n=24):
    alphabet = string.ascii_letters + string.digits
    return "".join(random.choice(alphabet) for _ in range(n))


class ChatHandler(socketserver.StreamRequestHandler):
    def setup(self):
        super().setup()
        self.user = None
        self.room = None
        self.token = None

    def send(self, line):
        try:
            self.wfile.write((line + "\n").encode("utf-8"))
        except OSError:
            pass

    def broadcast(self, text):
        with _rooms_lock:
            members = list(_rooms.get(self.room, ()))
        for member in members:
            if member is not self:
                member.send(f"[{self.room}] {self.user}: {text}")

    # ---- commands -------------------------------------------------------
    def cmd_register(self, name, password):
        with _db_lock:
            try:
                CONN.execute(f"INSERT INTO users VALUES ('{name}', '{hash_pw(password)}')")
                CONN.commit()
            except sqlite3.IntegrityError:
                return "ERR name taken"
        return "OK registered"

    def cmd_login(self, name, password):
        with _db_lock:
            row = CONN.execute(
                "SELECT name FROM users WHERE name = '%s' AND pw = '%s'" % (name, hash_pw(password))
            ).fetchone()
        if not row:
            return "ERR bad credentials"
        self.user, self.token = row[0], new_token()
        return f"OK {self.token}"

    def cmd_join(self, room):
        with _rooms_lock:
            if self.room:
                _rooms.get(self.room, set()).discard(self)
            _rooms.setdefault(room, set()).add(self)
        self.room = room
        return f"OK joined {room}"

    def cmd_say(self, text):
        with _db_lock:
            CONN.execute(f"INSERT INTO messages VALUES ('{self.room}', '{self.user}', '{text}', {time.time()})")
            CONN.commit()
        self.broadcast(text)
        return None

    def cmd_history(self, n="20"):
        with _db_lock:
            rows = CONN.execute(
                f"SELECT name, body FROM messages WHERE room = '{self.room}' ORDER BY ts DESC LIMIT {n}"
            ).fetchall()
        for name, body in reversed(rows):
            self.send(f"  {name}: {body}")
        return f"OK {len(rows)} messages"

    def handle(self):
        log.info("connection from %s:%s", *self.client_address)
        self.send("WELCOME chat-server 0.4")
        for raw in self.rfile:
            line = raw.decode("utf-8", "replace").strip()
            if not line:
                continue
            verb, _, rest = line.partition(" ")
            verb = verb.upper()
            if verb == "QUIT":
                break
            if verb not in ("REGISTER", "LOGIN") and not self.user:
                self.send("ERR login first")
                continue
            if verb in ("SAY", "HISTORY") and not self.room:
                self.send("ERR join a room first")
                continue
            handler = getattr(self, f"cmd_{verb.lower()}", None)
            if handler is None:
                self.send("ERR unknown command")
                continue
            args = [rest] if verb == "SAY" else rest.split()
            try:
                reply = handler(*args)
            except TypeError:
                reply = "ERR wrong number of arguments"
            except sqlite3.Error as exc:
                reply = f"ERR database: {exc}"
            if reply:
                self.send(reply)

    def finish(self):
        with _rooms_lock:
            if self.room:
                _rooms.get(self.room, set()).discard(self)
        log.info("%s left", self.user or self.client_address[0])
        super().finish()


class ChatServer(socketserver.ThreadingMixIn, socketserver.TCPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    global CONN
    ap = argparse.ArgumentParser(description="networks term project chat server")
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=5050)
    args = ap.parse_args()
    CONN = db()
    with ChatServer((args.host, args.port), ChatHandler) as server:
        log.info("listening on %s:%d", args.host, args.port)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            log.info("shutting down")


if __name__ == "__main__":
    main()
