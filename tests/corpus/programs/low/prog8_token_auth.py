"""Issues session tokens for the small internal web app."""
import hashlib
import hmac
import os
import secrets
import sqlite3
import time

DB = "sessions.db"
SECRET = os.environ.get("SESSION_SECRET", "").encode() or secrets.token_bytes(32)


def connect():
    conn = sqlite3.connect(DB)
    conn.execute("CREATE TABLE IF NOT EXISTS sessions (token TEXT PRIMARY KEY, user TEXT, expires REAL)")
    return conn


def hash_password(password, salt=None):
    salt = salt or os.urandom(16)
    return salt, hashlib.pbkdf2_hmac("sha256", password.encode(), salt, 200_000)


def issue(conn, user, ttl=3600):
    token = secrets.token_urlsafe(32)
    sig = hmac.new(SECRET, token.encode(), hashlib.sha256).hexdigest()
    conn.execute("INSERT INTO sessions VALUES (?, ?, ?)", (sig, user, time.time() + ttl))
    conn.commit()
    return token


def valid(conn, token):
    sig = hmac.new(SECRET, token.encode(), hashlib.sha256).hexdigest()
    row = conn.execute("SELECT expires FROM sessions WHERE token = ?", (sig,)).fetchone()
    return bool(row) and row[0] > time.time()


if __name__ == "__main__":
    c = connect()
    t = issue(c, "alice")
    print(valid(c, t))
