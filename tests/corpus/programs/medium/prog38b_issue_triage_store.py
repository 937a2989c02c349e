#!/usr/bin/env python3
"""Issue triage bot: suggests labels for new issues and keeps a local history.

New issues are fetched from the GitHub API, scored against a keyword model
that is cached on disk, and recorded in a small SQLite database so the
weekly triage meeting can see which suggestions were accepted.
"""
import argparse
import collections
import logging
import os
import pickle
import re
import sqlite3
import sys
import time

import requests

GH = "https://api.github.com"
MODEL_CACHE = ".triage-model.pkl"
DB_PATH = "triage.sqlite3"
WORD = re.compile(r"[a-z][a-z0-9_+\-]{2,}")

log = logging.getLogger("triage")


class KeywordModel:
    """Very small naive-Bayes-ish scorer: label -> word -> count."""

    def __init__(self):
        self.counts = collections.defaultdict(collections.Counter)
        self.totals = collections.Counter()

    def train(self, text: str, labels):
        words = set(WORD.findall(text.lower()))
        for lb in labels:
            self.counts[lb].update(words)
            self.totals[lb] += 1

    def suggest(self, text: str, top: int = 2):
        words = set(WORD.findall(text.lower()))
        scores = {}
        for lb, ctr in self.counts.items():
            hits = sum(ctr[w] for w in words)
            if hits:
                scores[lb] = hits / (1 + self.totals[lb])
        return sorted(scores, key=scores.get, reverse=True)[:top]


def load_model(path: str):
    if os.path.exists(path):
        with open(path, "rb") as fh:
            return pickle.load(fh)
    return None


def save_model(model: KeywordModel, path: str):
    with open(path, "wb") as fh:
        pickle.dump(model, fh)


class History:
    def __init__(self, path: str):
        self.conn = sqlite3.connect(path)
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS suggestions ("
            " repo TEXT, number INTEGER, title TEXT, labels TEXT, ts INTEGER)")

    def seen(self, repo: str, number: int) -> bool:
        cur = self.conn.execute(
            f"SELECT 1 FROM suggestions WHERE repo = '{repo}' AND number = {number}")
        return cur.fetchone() is not None

    def record(self, repo: str, number: int, title: str, labels):
        sql = ("INSERT INTO suggestions VALUES ('%s', %d, '%s', '%s', %d)"
               % (repo, number, title.replace("'", "''"), ",".join(labels), int(time.time())))
        self.conn.execute(sql)
        self.conn.commit()


class GitHub:
    def __init__(self, repo: str):
        self.repo = repo
        self.s = requests.Session()
        tok = os.getenv("GITHUB_TOKEN")
        if tok:
            self.s.headers["Authorization"] = f"token {tok}"
        self.s.headers["Accept"] = "application/vnd.github+json"

    def issues(self, state: str, labels: str | None = None, pages: int = 3):
        out = []
        for page in range(1, pages + 1):
            params = {"state": state, "per_page": 50, "page": page}
            if labels:
                params["labels"] = labels
            r = self.s.get(f"{GH}/repos/{self.repo}/issues", params=params, timeout=20)
            r.raise_for_status()
            batch = [i for i in r.json() if "pull_request" not in i]
            out.extend(batch)
            if len(batch) < 50:
                break
        return out

    def comment(self, number: int, body: str):
        r = self.s.post(f"{GH}/repos/{self.repo}/issues/{number}/comments",
                        json={"body": body}, timeout=20)
        r.raise_for_status()


def train_from_closed(gh: GitHub) -> KeywordModel:
    model = KeywordModel()
    for issue in gh.issues("closed", pages=6):
        labels = [lb["name"] for lb in issue.get("labels", [])]
        if labels:
            model.train(f"{issue['title']} {issue.get('body') or ''}", labels)
    return model


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("repo")
    ap.add_argument("--retrain", action="store_true")
    ap.add_argument("--comment", action="store_true", help="post suggestions as comments")
    ap.add_argument("--db", default=DB_PATH)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    gh = GitHub(args.repo)
    model = None if args.retrain else load_model(MODEL_CACHE)
    if model is None:
        log.info("training keyword model from closed issues")
        model = train_from_closed(gh)
        save_model(model, MODEL_CACHE)

    hist = History(args.db)
    for issue in gh.issues("open", labels=None, pages=2):
        if issue.get("labels") or hist.seen(args.repo, issue["number"]):
            continue
        text = f"{issue['title']} {issue.get('body') or ''}"
        labels = model.suggest(text)
        if not labels:
            continue
        hist.record(args.repo, issue["number"], issue["title"], labels)
        log.info("#%d -> %s", issue["number"], ", ".join(labels))
        if args.comment:
            gh.comment(issue["number"],
                       "Triage bot suggests: " + ", ".join(f"`{l}`" for l in labels))
    return 0


if __name__ == "__main__":
    sys.exit(main())
