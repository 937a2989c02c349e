#!/usr/bin/env python3
"""Comment moderation queue worker with a toxicity model.

Pulls pending reader comments from the moderation API, applies the
house word list and link rules, scores the rest with the desk's trained
toxicity classifier, and posts back approve / hold / reject decisions.
"""
import argparse
import json
import logging
import os
import pickle
import re
import threading
import time

import requests

LOG = logging.getLogger("modq")

API_BASE = os.environ.get("MODQ_API", "https://comments.dailyledger-news.com/api/mod")
API_KEY = os.environ.get("MODQ_API_KEY", "")


class ModelHolder:
    """Loads the classifier and reloads it when the file changes."""

    def __init__(self, path):
        self.path = path
        self._lock = threading.Lock()
        self._mtime = 0.0
        self._model = None
        self.reload()

    def reload(self):
        mtime = os.path.getmtime(self.path)
        if mtime == self._mtime:
            return
        with open(self.path, "rb") as fh:
            model = pickle.load(fh)
        with self._lock:
            self._model, self._mtime = model, mtime
        LOG.info("loaded toxicity model from %s", self.path)

    def score(self, text):
        with self._lock:
            proba = self._model.predict_proba([text])[0]
        return float(proba[-1])


class Rules:
    def __init__(self, path):
        with open(path, encoding="utf-8") as fh:
            cfg = json.load(fh)
        self.blocked = [re.compile(rf"\b{re.escape(w)}\b", re.I) for w in cfg.get("blocked_words", [])]
        self.max_links = int(cfg.get("max_links", 2))
        self.hold_new_accounts = bool(cfg.get("hold_new_accounts", True))
        self.reject_above = float(cfg.get("reject_above", 0.92))
        self.hold_above = float(cfg.get("hold_above", 0.6))

    def decide(self, comment, model):
        text = comment.get("body", "")
        if any(p.search(text) for p in self.blocked):
            return "reject", "blocked_word"
        if len(re.findall(r"https?://", text)) > self.max_links:
            return "hold", "too_many_links"
        if self.hold_new_accounts and comment.get("author_age_days", 99) < 2:
            return "hold", "new_account"
        tox = model.score(text)
        if tox >= self.reject_above:
            return "reject", f"toxicity={tox:.2f}"
        if tox >= self.hold_above:
            return "hold", f"toxicity={tox:.2f}"
        return "approve", "clean"


def session():
    s = requests.Session()
    s.headers.update({"Authorization": f"Token {API_KEY}", "User-Agent": "modq-worker/2.3"})
    return s


def fetch_pending(s, batch):
    r = s.get(f"{API_BASE}/pending", params={"limit": batch}, timeout=15)
    r.raise_for_status()
    return r.json().get("comments", [])


def post_decision(s, cid, action, reason):
    r = s.post(f"{API_BASE}/comments/{cid}/decision",
               json={"action": action, "reason": reason}, timeout=15)
    r.raise_for_status()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rules", default="moderation_rules.json")
    ap.add_argument("--model", default="models/toxicity.pkl")
    ap.add_argument("--batch", type=int, default=25)
    ap.add_argument("--idle", type=int, default=10)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    rules = Rules(args.rules)
    model = ModelHolder(args.model)
    s = session()
    while True:
        model.reload()
        try:
            pending = fetch_pending(s, args.batch)
        except requests.RequestException as exc:
            LOG.warning("fetch failed: %s", exc)
            time.sleep(args.idle)
            continue
        if not pending:
            time.sleep(args.idle)
            continue
        for c in pending:
            action, reason = rules.decide(c, model)
            LOG.info("%s -> %s (%s)", c.get("id"), action, reason)
            if not args.dry_run:
                try:
                    post_decision(s, c["id"], action, reason)
                except requests.RequestException as exc:
                    LOG.error("decision for %s failed: %s", c.get("id"), exc)


if __name__ == "__main__":
    main()
