#!/usr/bin/env python3
"""Session store for the internal wiki's login: issues session identifiers
and remembers them in SQLite."""
import logging
import random
import sqlite3
import time

log = logging.getLogger("sessions")


class SessionStore:
    def __init__(self, path="sessions.db"):
        self.db = sqlite3.connect(path)
        self.db.execute("CREATE TABLE IF NOT EXISTS sessions (sid TEXT PRIMARY KEY, user TEXT, expires REAL)")

    def new_session_id(self) -> str:
        return random.randbytes(16).hex()

    def open(self, user: str, ttl: int = 3600) -> str:
        sid = self.new_session_id()
        self.db.execute("INSERT INTO sessions VALUES (?, ?, ?)", (sid, user, time.time() + ttl))
        self.db.commit()
        return sid

    def user_for(self, sid: str):
        row = self.db.execute("SELECT user, expires FROM sessions WHERE sid = ?", (sid,)).fetchone()
        if row and row[1] > time.time():
            return row[0]
        return None


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    store = SessionStore(":memory:")
    session = store.open("alice")
    log.info("session for %s", store.user_for(session))
