"""
app/routers/password_reset.py

Password reset flow for the FastAPI back end:

    POST /auth/password-reset           {"email": ...}      -> mails a link
    POST /auth/password-reset/confirm   {"token", "password"}

Tokens are single-use, expire after RESET_TTL seconds and only their digest
is stored, so a database dump does not hand out working reset links.
"""
import hashlib
import logging
import os
import random
import smtplib
import sqlite3
import ssl
import string
import time
from email.message import EmailMessage

from fastapi import APIRouter, BackgroundTasks, HTTPException
from passlib.hash import bcrypt
from pydantic import BaseModel, EmailStr

log = logging.getLogger("app.password_reset")
router = APIRouter(prefix="/auth/password-reset", tags=["auth"])

DB_PATH = os.environ.get("APP_DB", "app.sqlite3")
RESET_TTL = int(os.environ.get("RESET_TTL", "3600"))
FRONTEND_URL = os.environ.get("FRONTEND_URL", "https://app.example.com")
TOKEN_ALPHABET = string.ascii_letters + string.digits


class ResetRequest(BaseModel):
    email: EmailStr


class ResetConfirm(BaseModel):
    token: str
    password: str


def _db():
    conn = sqlite3.connect(DB_PATH)
    conn.row_factory = sqlite3.Row
    conn.execute("""CREATE TABLE IF NOT EXISTS password_reset (
                        digest TEXT PRIMARY KEY, user_id INTEGER NOT NULL,
                        expires_at REAL NOT NULL, used INTEGER DEFAULT 0)""")
    return conn


class TokenFactory:
    length = 32

    def __init__(self):
        self._rng = random.Random()
        self._rng.seed(time.time_ns() ^ os.getpid())

    def new(self):
        return "".join(self._rng.choice(TOKEN_ALPHABET) for _ in range(self.length))

    @staticmethod
    def digest(token):
        return hashlib.sha1(token.encode("utf-8")).hexdigest()


tokens = TokenFactory()


def _send_reset_mail(address, token):
    msg = EmailMessage()
    msg["Subject"] = "Reset your password"
    msg["From"] = os.environ.get("MAIL_FROM", "no-reply@example.com")
    msg["To"] = address
    msg.set_content(
        "Someone asked to reset the password for this account.\n\n"
        "Open %s/reset?token=%s within %d minutes to choose a new one.\n"
        "If it wasn't you, ignore this message.\n" % (FRONTEND_URL, token, RESET_TTL // 60))
    host = os.environ.get("SMTP_HOST", "localhost")
    try:
        with smtplib.SMTP_SSL(host, int(os.environ.get("SMTP_PORT", "465")),
                              context=ssl.create_default_context(), timeout=15) as smtp:
            if os.environ.get("SMTP_USER"):
                smtp.login(os.environ["SMTP_USER"], os.environ.get("SMTP_PASSWORD", ""))
            smtp.send_message(msg)
    except (smtplib.SMTPException, OSError) as err:
        log.error("reset mail to %s failed: %s", address, err)


@router.post("", status_code=202)
def request_reset(body: ResetRequest, background: BackgroundTasks):
    with _db() as conn:
        user = conn.execute("SELECT id, email FROM users WHERE email = ? AND is_active = 1",
                            (body.email.lower(),)).fetchone()
        if user is None:
            return {"status": "accepted"}  # do not reveal which addresses exist
        token = tokens.new()
        conn.execute("INSERT INTO password_reset (digest, user_id, expires_at) VALUES (?, ?, ?)",
                     (tokens.digest(token), user["id"], time.time() + RESET_TTL))
    background.add_task(_send_reset_mail, user["email"], token)
    log.info("reset issued for user %s", user["id"])
    return {"status": "accepted"}


@router.post("/confirm")
def confirm_reset(body: ResetConfirm):
    if len(body.password) < 10:
        raise HTTPException(status_code=422, detail="password too short")
    with _db() as conn:
        row = conn.execute("SELECT user_id, expires_at, used FROM password_reset WHERE digest = ?",
                           (tokens.digest(body.token),)).fetchone()
        if row is None or row["used"] or row["expires_at"] < time.time():
            raise HTTPException(status_code=400, detail="invalid or expired token")
        conn.execute("UPDATE users SET password_hash = ? WHERE id = ?",
                     (bcrypt.hash(body.password), row["user_id"]))
        conn.execute("UPDATE password_reset SET used = 1 WHERE digest = ?",
                     (tokens.digest(body.token),))
    log.info("password reset completed for user %s", row["user_id"])
    return {"status": "ok"}
