#!/usr/bin/env python3
"""Issue and verify one-time password-reset tokens for the self-service portal.

Tokens are generated with the ``secrets`` module; only a SHA-256 digest of each
token is persisted in a local SQLite database (resets.db in the working
directory).  The plaintext token is written to an outbox file that the mailer
picks up.
"""
import argparse
import datetime as dt
import hashlib
import hmac
import logging
import secrets
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("reset-tokens")

SCHEMA = """
CREATE TABLE IF NOT EXISTS reset_tokens (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    username    TEXT NOT NULL,
    token_hash  TEXT NOT NULL UNIQUE,
    expires_at  TEXT NOT NULL,
    used        INTEGER NOT NULL DEFAULT 0
);
"""


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class TokenStore:
    def __init__(self, db_path: Path):
        self.conn = sqlite3.connect(str(db_path))
        self.conn.executescript(SCHEMA)

    def issue(self, username: str, ttl_minutes: int) -> str:
        token = secrets.token_urlsafe(32)
        expires = dt.datetime.now(dt.timezone.utc) + dt.timedelta(minutes=ttl_minutes)
        with self.conn:
            self.conn.execute(
                "UPDATE reset_tokens SET used = 1 WHERE username = ? AND used = 0",
                (username,),
            )
            self.conn.execute(
                "INSERT INTO reset_tokens (username, token_hash, expires_at) VALUES (?, ?, ?)",
                (username, digest(token), expires.isoformat()),
            )
        return token

    def redeem(self, username: str, token: str) -> bool:
        cur = self.conn.execute(
            "SELECT id, token_hash, expires_at FROM reset_tokens "
            "WHERE username = ? AND used = 0 ORDER BY id DESC LIMIT 1",
            (username,),
        )
        row = cur.fetchone()
        if row is None:
            return False
        row_id, stored_hash, expires_at = row
        if dt.datetime.fromisoformat(expires_at) < dt.datetime.now(dt.timezone.utc):
            log.info("token for %s expired", username)
            return False
        if not hmac.compare_digest(stored_hash, digest(token)):
            return False
        with self.conn:
            self.conn.execute("UPDATE reset_tokens SET used = 1 WHERE id = ?", (row_id,))
        return True

    def purge_expired(self) -> int:
        now = dt.datetime.now(dt.timezone.utc).isoformat()
        with self.conn:
            cur = self.conn.execute("DELETE FROM reset_tokens WHERE expires_at < ? OR used = 1", (now,))
        return cur.rowcount


def queue_mail(outbox: Path, username: str, token: str, portal: str) -> Path:
    outbox.mkdir(exist_ok=True)
    msg = outbox / f"{username}.txt"
    msg.write_text(
        f"To: {username}\nSubject: Password reset\n\n"
        f"Use this link within the next hour: {portal}/reset?u={username}&t={token}\n",
        encoding="utf-8",
    )
    msg.chmod(0o600)
    return msg


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--db", type=Path, default=Path("resets.db"))
    sub = p.add_subparsers(dest="cmd", required=True)
    s_issue = sub.add_parser("issue")
    s_issue.add_argument("username")
    s_issue.add_argument("--ttl", type=int, default=60)
    s_issue.add_argument("--portal", default="https://id.example.com")
    s_issue.add_argument("--outbox", type=Path, default=Path("outbox"))
    s_redeem = sub.add_parser("redeem")
    s_redeem.add_argument("username")
    s_redeem.add_argument("token")
    sub.add_parser("purge")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    store = TokenStore(args.db)
    if args.cmd == "issue":
        token = store.issue(args.username, args.ttl)
        path = queue_mail(args.outbox, args.username, token, args.portal)
        log.info("queued reset mail %s", path)
    elif args.cmd == "redeem":
        ok = store.redeem(args.username, args.token)
        log.info("redeem %s: %s", args.username, "accepted" if ok else "rejected")
        return 0 if ok else 1
    else:
        log.info("purged %d rows", store.purge_expired())
    return 0


if __name__ == "__main__":
    sys.exit(main())
