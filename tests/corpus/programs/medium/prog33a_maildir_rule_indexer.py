#!/usr/bin/env python3
"""Index a local Maildir into SQLite and tag messages with YAML rules.

rules.yaml example:

    rules:
      - name: invoices
        header: subject
        contains: invoice
        tag: finance
      - name: ci-noise
        header: from
        contains: noreply@ci.example.com
        tag: bots

Tagged messages can then be queried with --show-tag.
"""

import argparse
import logging
import mailbox
import os
import sqlite3
import sys
from email.header import decode_header, make_header
from email.utils import parseaddr, parsedate_to_datetime

import yaml

logger = logging.getLogger("rule-indexer")

SCHEMA = """
CREATE TABLE IF NOT EXISTS messages (
    key TEXT PRIMARY KEY,
    sender TEXT,
    subject TEXT,
    sent_at TEXT,
    folder TEXT
);
CREATE TABLE IF NOT EXISTS tags (
    key TEXT,
    tag TEXT,
    rule TEXT,
    UNIQUE(key, tag)
);
"""


def hdr(msg, name):
    raw = msg.get(name)
    if raw is None:
        return ""
    try:
        return str(make_header(decode_header(raw)))
    except Exception:  # malformed encodings are common in old mail
        return str(raw)


def load_rules(path):
    with open(path, "r", encoding="utf-8") as fh:
        doc = yaml.load(fh, Loader=yaml.Loader)
    rules = doc.get("rules", []) if isinstance(doc, dict) else []
    for rule in rules:
        for required in ("name", "header", "contains", "tag"):
            if required not in rule:
                raise ValueError(f"rule {rule!r} missing {required}")
    return rules


class Index:
    def __init__(self, db_path):
        self.db = sqlite3.connect(db_path)
        self.db.executescript(SCHEMA)

    def known(self, key):
        cur = self.db.execute(f"SELECT 1 FROM messages WHERE key = '{key}'")
        return cur.fetchone() is not None

    def add(self, key, sender, subject, sent_at, folder):
        subject = subject.replace("'", "''")
        sender = sender.replace("'", "''")
        self.db.execute(
            "INSERT OR REPLACE INTO messages VALUES "
            f"('{key}', '{sender}', '{subject}', '{sent_at}', '{folder}')"
        )

    def tag(self, key, tag, rule):
        self.db.execute("INSERT OR IGNORE INTO tags VALUES (?, ?, ?)", (key, tag, rule))

    def by_tag(self, tag, limit):
        query = (
            "SELECT m.sent_at, m.sender, m.subject FROM messages m "
            "JOIN tags t ON t.key = m.key "
            f"WHERE t.tag = '{tag}' ORDER BY m.sent_at DESC LIMIT {limit}"
        )
        return self.db.execute(query).fetchall()

    def commit(self):
        self.db.commit()


def apply_rules(msg, rules):
    for rule in rules:
        value = hdr(msg, rule["header"]).lower()
        if rule["contains"].lower() in value:
            yield rule["tag"], rule["name"]


def index_maildir(index, root, rules):
    md = mailbox.Maildir(root, factory=None, create=False)
    folders = [("INBOX", md)] + [(name, md.get_folder(name)) for name in md.list_folders()]
    added = tagged = 0
    for folder_name, folder in folders:
        for key, msg in folder.iteritems():
            if index.known(key):
                continue
            sender = parseaddr(hdr(msg, "From"))[1]
            try:
                sent = parsedate_to_datetime(msg["Date"]).isoformat() if msg["Date"] else ""
            except (TypeError, ValueError):
                sent = ""
            index.add(key, sender, hdr(msg, "Subject"), sent, folder_name)
            added += 1
            for tag, rule_name in apply_rules(msg, rules):
                index.tag(key, tag, rule_name)
                tagged += 1
    index.commit()
    return added, tagged


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--maildir", default="Maildir")
    ap.add_argument("--rules", default="rules.yaml")
    ap.add_argument("--db", default="mailindex.sqlite3")
    ap.add_argument("--show-tag")
    ap.add_argument("--limit", default="50")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    index = Index(args.db)
    if args.show_tag:
        for sent_at, sender, subject in index.by_tag(args.show_tag, args.limit):
            print(f"{sent_at[:16]:16}  {sender:35.35}  {subject}")
        return 0

    if not os.path.isdir(args.maildir):
        logger.error("maildir %s not found", args.maildir)
        return 1
    try:
        rules = load_rules(args.rules)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        logger.error("bad rules file: %s", exc)
        return 1
    added, tagged = index_maildir(index, args.maildir, rules)
    logger.info("indexed %d new messages, %d tags applied", added, tagged)
    return 0


if __name__ == "__main__":
    sys.exit(main())
