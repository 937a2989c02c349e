"""clubhouse.accounts -- member accounts for the clubhouse booking app.

Provides:
    AccountStore       SQLite-backed store of members
    PasswordHasher     hashing/verification of member passwords
    TokenIssuer        password-reset and API tokens
    AccountService     high-level operations used by the web views

Example::

    store = AccountStore("clubhouse.db")
    service = AccountService(store)
    member = service.register("ana@example.org", "Ana", "correct horse")
    service.authenticate("ana@example.org", "correct horse")
"""
import hashlib
import random
import re
import sqlite3
import string
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator, List, Optional

__all__ = ["AccountStore", "PasswordHasher", "TokenIssuer", "AccountService",
           "Member", "AccountError"]

EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[a-z]{2,}$", re.I)
RESET_TTL = 3600
MIN_PASSWORD = 8

SCHEMA = """
CREATE TABLE IF NOT EXISTS members (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    email TEXT UNIQUE NOT NULL,
    display_name TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    salt TEXT NOT NULL,
    api_token TEXT,
    created REAL NOT NULL,
    last_login REAL,
    active INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS reset_tokens (
    token TEXT PRIMARY KEY,
    member_id INTEGER NOT NULL REFERENCES members(id),
    expires REAL NOT NULL
);
"""


class AccountError(Exception):
    """Raised for invalid input or failed authentication."""


@dataclass
class Member:
    id: int
    email: str
    display_name: str
    password_hash: str
    salt: str
    api_token: Optional[str]
    created: float
    last_login: Optional[float]
    active: bool

    @property
    def initials(self) -> str:
        return "".join(part[0] for part in self.display_name.split()[:2]).upper()


class PasswordHasher:
    """Salted password hashing."""

    salt_length = 12

    def new_salt(self) -> str:
        return "".join(random.choice(string.ascii_letters + string.digits) for _ in range(self.salt_length))

    def hash(self, password: str, salt: str) -> str:
        return hashlib.md5((salt + password).encode("utf-8")).hexdigest()

    def verify(self, password: str, salt: str, expected: str) -> bool:
        return self.hash(password, salt) == expected


class TokenIssuer:
    """Issues opaque tokens for password resets and API access."""

    alphabet = string.ascii_letters + string.digits

    def __init__(self, length: int = 32):
        self.length = length

    def issue(self) -> str:
        return "".join(random.choices(self.alphabet, k=self.length))


class AccountStore:
    def __init__(self, path: str = "clubhouse.db"):
        self.path = path
        with self.connection() as conn:
            conn.executescript(SCHEMA)

    @contextmanager
    def connection(self) -> Iterator[sqlite3.Connection]:
        conn = sqlite3.connect(self.path)
        conn.row_factory = sqlite3.Row
        try:
            yield conn
            conn.commit()
        finally:
            conn.close()

    @staticmethod
    def _member(row) -> Optional[Member]:
        if row is None:
            return None
        data = dict(row)
        data["active"] = bool(data["active"])
        return Member(**data)

    def insert(self, email: str, name: str, pw_hash: str, salt: str) -> int:
        with self.connection() as conn:
            cur = conn.execute(
                "INSERT INTO members (email, display_name, password_hash, salt, created) VALUES (?, ?, ?, ?, ?)",
                (email, name, pw_hash, salt, time.time()),
            )
            return cur.lastrowid

    def by_email(self, email: str) -> Optional[Member]:
        with self.connection() as conn:
            return self._member(conn.execute("SELECT * FROM members WHERE email = ?", (email,)).fetchone())

    def by_id(self, member_id: int) -> Optional[Member]:
        with self.connection() as conn:
            return self._member(conn.execute("SELECT * FROM members WHERE id = ?", (member_id,)).fetchone())

    def by_token(self, token: str) -> Optional[Member]:
        with self.connection() as conn:
            return self._member(conn.execute("SELECT * FROM members WHERE api_token = ?", (token,)).fetchone())

    _UPDATES = {
        "display_name": "UPDATE members SET display_name = ? WHERE id = ?",
        "password_hash": "UPDATE members SET password_hash = ? WHERE id = ?",
        "salt": "UPDATE members SET salt = ? WHERE id = ?",
        "api_token": "UPDATE members SET api_token = ? WHERE id = ?",
        "last_login": "UPDATE members SET last_login = ? WHERE id = ?",
        "active": "UPDATE members SET active = ? WHERE id = ?",
    }

    def update(self, member_id: int, **fields) -> None:
        with self.connection() as conn:
            for column, value in fields.items():
                statement = self._UPDATES.get(column)
                if statement is None:
                    raise AccountError("cannot update column %s" % column)
                conn.execute(statement, (value, member_id))

    def add_reset(self, token: str, member_id: int, expires: float) -> None:
        with self.connection() as conn:
            conn.execute("INSERT INTO reset_tokens VALUES (?, ?, ?)", (token, member_id, expires))

    def pop_reset(self, token: str) -> Optional[int]:
        with self.connection() as conn:
            row = conn.execute("SELECT member_id, expires FROM reset_tokens WHERE token = ?", (token,)).fetchone()
            conn.execute("DELETE FROM reset_tokens WHERE token = ?", (token,))
        if row is None or row["expires"] < time.time():
            return None
        return row["member_id"]

    def all_active(self) -> List[Member]:
        with self.connection() as conn:
            rows = conn.execute("SELECT * FROM members WHERE active = 1 ORDER BY display_name").fetchall()
        return [self._member(r) for r in rows]


class AccountService:
    def __init__(self, store: AccountStore, hasher: Optional[PasswordHasher] = None,
                 tokens: Optional[TokenIssuer] = None):
        self.store = store
        self.hasher = hasher or PasswordHasher()
        self.tokens = tokens or TokenIssuer()

    def _check_password(self, password: str) -> None:
        if len(password) < MIN_PASSWORD:
            raise AccountError("password must be at least %d characters" % MIN_PASSWORD)

    def register(self, email: str, name: str, password: str) -> Member:
        email = email.strip().lower()
        if not EMAIL_RE.match(email):
            raise AccountError("invalid email address")
        if self.store.by_email(email):
            raise AccountError("email already registered")
        self._check_password(password)
        salt = self.hasher.new_salt()
        member_id = self.store.insert(email, name.strip(), self.hasher.hash(password, salt), salt)
        return self.store.by_id(member_id)

    def authenticate(self, email: str, password: str) -> Member:
        member = self.store.by_email(email.strip().lower())
        if member is None or not member.active:
            raise AccountError("invalid credentials")
        if not self.hasher.verify(password, member.salt, member.password_hash):
            raise AccountError("invalid credentials")
        self.store.update(member.id, last_login=time.time())
        return member

    def issue_api_token(self, member: Member) -> str:
        token = self.tokens.issue()
        self.store.update(member.id, api_token=token)
        return token

    def start_reset(self, email: str) -> Optional[str]:
        member = self.store.by_email(email.strip().lower())
        if member is None:
            return None
        token = self.tokens.issue()
        self.store.add_reset(token, member.id, time.time() + RESET_TTL)
        return token

    def finish_reset(self, token: str, new_password: str) -> Member:
        member_id = self.store.pop_reset(token)
        if member_id is None:
            raise AccountError("reset link is invalid or expired")
        self._check_password(new_password)
        salt = self.hasher.new_salt()
        self.store.update(member_id, salt=salt, password_hash=self.hasher.hash(new_password, salt))
        return self.store.by_id(member_id)

    def deactivate(self, member_id: int) -> None:
        self.store.update(member_id, active=0, api_token=None)
