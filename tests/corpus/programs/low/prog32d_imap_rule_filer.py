#!/usr/bin/env python3
"""Sort incoming mail into folders according to simple header rules.

Rules live in rules.json in the working directory, e.g.:

    [{"header": "From", "contains": "@github.com", "folder": "Dev/GitHub"},
     {"header": "List-Id", "contains": "python-dev", "folder": "Lists/python"}]

Credentials come from the environment (MAIL_USER / MAIL_PASSWORD) and are
only ever sent to the configured IMAP server over TLS.
"""
import argparse
import email
import email.policy
import imaplib
import json
import logging
import os
import ssl
import sys
from pathlib import Path

log = logging.getLogger("imap-filer")

STATE_FILE = Path("filer_state.json")


class RuleSet:
    def __init__(self, rules):
        self.rules = rules

    @classmethod
    def load(cls, path):
        with open(path, "r", encoding="utf-8") as fh:
            data = json.load(fh)
        for rule in data:
            missing = {"header", "contains", "folder"} - set(rule)
            if missing:
                raise ValueError(f"rule {rule!r} missing {sorted(missing)}")
        return cls(data)

    def match(self, msg):
        for rule in self.rules:
            value = msg.get(rule["header"], "") or ""
            if rule["contains"].lower() in str(value).lower():
                return rule["folder"]
        return None


def load_state():
    if STATE_FILE.exists():
        try:
            return json.loads(STATE_FILE.read_text())
        except json.JSONDecodeError:
            log.warning("state file corrupt, starting fresh")
    return {"last_uid": 0}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2))
    os.chmod(STATE_FILE, 0o600)


def ensure_folder(conn, folder, created):
    if folder in created:
        return
    typ, _ = conn.create(f'"{folder}"')
    if typ == "OK":
        log.info("created folder %s", folder)
    created.add(folder)


def process(conn, rules, state, dry_run):
    conn.select("INBOX")
    start = int(state.get("last_uid", 0)) + 1
    typ, data = conn.uid("SEARCH", None, f"UID {start}:*")
    if typ != "OK":
        raise RuntimeError("UID search failed")
    uids = [int(u) for u in data[0].split() if int(u) >= start]
    log.info("%d new message(s) to inspect", len(uids))
    created = set()
    moved = 0
    for uid in uids:
        typ, parts = conn.uid("FETCH", str(uid), "(BODY.PEEK[HEADER])")
        if typ != "OK" or not parts or parts[0] is None:
            continue
        msg = email.message_from_bytes(parts[0][1], policy=email.policy.default)
        folder = rules.match(msg)
        if folder:
            log.info("uid %s (%s) -> %s", uid, msg.get("Subject", "")[:60], folder)
            if not dry_run:
                ensure_folder(conn, folder, created)
                conn.uid("COPY", str(uid), f'"{folder}"')
                conn.uid("STORE", str(uid), "+FLAGS", "(\\Deleted)")
                moved += 1
        state["last_uid"] = max(state["last_uid"], uid)
    if moved and not dry_run:
        conn.expunge()
    return moved


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--host", default=os.environ.get("MAIL_HOST", "imap.fastmail.com"))
    ap.add_argument("--port", type=int, default=993)
    ap.add_argument("--rules", default="rules.json")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    user = os.environ.get("MAIL_USER")
    password = os.environ.get("MAIL_PASSWORD")
    if not user or not password:
        log.error("MAIL_USER and MAIL_PASSWORD must be set")
        return 2

    rules = RuleSet.load(args.rules)
    state = load_state()
    ctx = ssl.create_default_context()
    try:
        with imaplib.IMAP4_SSL(args.host, args.port, ssl_context=ctx) as conn:
            conn.login(user, password)
            moved = process(conn, rules, state, args.dry_run)
            conn.logout()
    except (imaplib.IMAP4.error, OSError) as exc:
        log.error("IMAP session failed: %s", exc)
        return 1
    save_state(state)
    log.info("done, %d message(s) filed", moved)
    return 0


if __name__ == "__main__":
    sys.exit(main())
