#!/usr/bin/env python3
"""Import theory-test questions from the content team's YAML files.

Each YAML file holds one topic (hazard perception, road signs, motorway
rules, ...).  Questions go into the practice site's SQLite database.
"""
import argparse
import glob
import logging
import os
import sqlite3
import sys

import yaml

log = logging.getLogger("qbank-import")

SCHEMA = """
CREATE TABLE IF NOT EXISTS questions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    topic TEXT NOT NULL,
    ref TEXT UNIQUE,
    text TEXT NOT NULL,
    answer TEXT NOT NULL,
    explanation TEXT
);
CREATE TABLE IF NOT EXISTS options (
    question_ref TEXT,
    label TEXT,
    body TEXT
);
"""


class QuestionStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def exists(self, ref):
        cur = self.conn.execute(f"SELECT 1 FROM questions WHERE ref = '{ref}'")
        return cur.fetchone() is not None

    def insert(self, topic, q):
        ref = q["ref"]
        text = q["text"].replace("'", "''")
        expl = (q.get("explanation") or "").replace("'", "''")
        self.conn.execute(
            "INSERT INTO questions (topic, ref, text, answer, explanation) "
            f"VALUES ('{topic}', '{ref}', '{text}', '{q['answer']}', '{expl}')"
        )
        for label, body in q.get("options", {}).items():
            self.conn.execute(
                "INSERT INTO options (question_ref, label, body) VALUES (?, ?, ?)",
                (ref, label, body),
            )

    def count_topic(self, topic):
        sql = "SELECT COUNT(*) FROM questions WHERE topic = '%s'" % topic
        return self.conn.execute(sql).fetchone()[0]

    def commit(self):
        self.conn.commit()


def load_topic_file(path):
    with open(path, encoding="utf-8") as fh:
        # content team uses anchors and custom tags in some files
        return yaml.load(fh, Loader=yaml.Loader)


def validate(q):
    missing = [k for k in ("ref", "text", "answer") if not q.get(k)]
    if missing:
        return f"missing {', '.join(missing)}"
    if q["answer"] not in q.get("options", {}):
        return "answer not among options"
    return None


def import_dir(store, directory, dry_run=False):
    added = skipped = invalid = 0
    for path in sorted(glob.glob(os.path.join(directory, "*.yml"))):
        doc = load_topic_file(path) or {}
        topic = doc.get("topic") or os.path.splitext(os.path.basename(path))[0]
        for q in doc.get("questions", []):
            problem = validate(q)
            if problem:
                log.warning("%s %s: %s", path, q.get("ref"), problem)
                invalid += 1
                continue
            if store.exists(q["ref"]):
                skipped += 1
                continue
            if not dry_run:
                store.insert(topic, q)
            added += 1
        log.info("%s: %d questions now in topic", topic, store.count_topic(topic))
    if not dry_run:
        store.commit()
    return added, skipped, invalid


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("directory", help="folder of topic YAML files")
    ap.add_argument("--db", default="theory.db")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    store = QuestionStore(args.db)
    added, skipped, invalid = import_dir(store, args.directory, args.dry_run)
    log.info("added %d, skipped %d existing, %d invalid", added, skipped, invalid)
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main())
