#!/usr/bin/env python3
"""
aftercare_sms_bot - answer clients' aftercare questions by text.

Polls the SMS provider for inbound messages, matches them against keyword
rules in aftercare_rules.yaml (swelling, itching, bleeding, "can I swim", ...)
and replies with the studio's standard advice.  Anything that looks like a
complication ("pus", "fever", "hot to touch") is escalated to the on-call
artist instead of auto-answered.
"""
import argparse
import logging
import os
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import requests
import yaml

log = logging.getLogger("aftercare_bot")

API = os.environ.get("TEXTLINE_API_URL", "https://api.textline.example/v1")
STATE_FILE = Path(".aftercare_bot_cursor")


@dataclass
class Rule:
    name: str
    patterns: list
    reply: str
    escalate: bool = False
    compiled: list = field(default_factory=list)

    def __post_init__(self):
        self.compiled = [re.compile(p, re.I) for p in self.patterns]

    def matches(self, text):
        return any(c.search(text) for c in self.compiled)


class RuleBook:
    loader = yaml.Loader  # rule files use !include for the shared studio snippets

    def __init__(self, path):
        self.path = Path(path)
        self.mtime = 0
        self.rules = []
        self.fallback = "Thanks! Your artist will reply soon."

    def reload_if_changed(self):
        mtime = self.path.stat().st_mtime
        if mtime == self.mtime:
            return
        with self.path.open() as fh:
            doc = yaml.load(fh, Loader=self.loader)
        self.rules = [Rule(**r) for r in doc.get("rules", [])]
        self.fallback = doc.get("fallback", self.fallback)
        self.mtime = mtime
        log.info("loaded %d rules from %s", len(self.rules), self.path)

    def answer(self, text):
        for rule in self.rules:
            if rule.matches(text):
                return rule
        return None


class TextlineClient:
    def __init__(self, key):
        self.s = requests.Session()
        self.s.headers["Authorization"] = f"Bearer {key}"

    def inbound(self, since):
        r = self.s.get(f"{API}/messages", params={"direction": "in", "after": since}, timeout=15)
        r.raise_for_status()
        return r.json().get("messages", [])

    def send(self, to, body):
        r = self.s.post(f"{API}/messages", json={"to": to, "body": body}, timeout=15)
        r.raise_for_status()


def handle(msg, rules, client, on_call):
    text = msg.get("body", "")
    rule = rules.answer(text)
    if rule and rule.escalate:
        client.send(on_call, f"[aftercare] {msg['from']} wrote: {text[:300]}")
        client.send(msg["from"], rule.reply)
        log.warning("escalated %s (%s)", msg["from"], rule.name)
    elif rule:
        client.send(msg["from"], rule.reply)
        log.info("answered %s with %s", msg["from"], rule.name)
    else:
        client.send(msg["from"], rules.fallback)


def main():
    ap = argparse.ArgumentParser(description="aftercare SMS auto-responder")
    ap.add_argument("--rules", default="aftercare_rules.yaml")
    ap.add_argument("--on-call", default=os.environ.get("ON_CALL_PHONE"))
    ap.add_argument("--interval", type=int, default=30)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("TEXTLINE_API_KEY")
    if not key or not args.on_call:
        log.error("need TEXTLINE_API_KEY and --on-call / ON_CALL_PHONE")
        return 2

    client = TextlineClient(key)
    rules = RuleBook(args.rules)
    cursor = STATE_FILE.read_text().strip() if STATE_FILE.exists() else "0"
    while True:
        try:
            rules.reload_if_changed()
            for msg in client.inbound(cursor):
                handle(msg, rules, client, args.on_call)
                cursor = str(msg["id"])
                STATE_FILE.write_text(cursor)
        except (requests.RequestException, OSError, yaml.YAMLError) as exc:
            log.error("poll failed: %s", exc)
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
