#!/usr/bin/env python3
"""Uploads buffered sensor readings to the FarmHub telemetry API.

Readings are appended to readings.csv by the sampling loop; this job sends
the rows that have not been sent yet and remembers its position.
"""
import argparse
import asyncio
import csv
import json
import logging
import os
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("uploader")

API_BASE = os.environ.get("FARMHUB_API", "https://api.farmhub.example.com/v1")
STATE = Path(".uploader_state.json")


def board_model():
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("Model"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


@dataclass
class Cursor:
    offset: int = 0
    sent: int = 0

    @classmethod
    def load(cls):
        try:
            return cls(**json.loads(STATE.read_text()))
        except (OSError, ValueError, TypeError):
            return cls()

    def save(self):
        STATE.write_text(json.dumps(self.__dict__))
        STATE.chmod(0o600)


@dataclass
class Client:
    key: str
    base: str = API_BASE
    device: dict = field(default_factory=lambda: {"model": board_model()})

    def _post(self, path, payload):
        req = urllib.request.Request(
            f"{self.base}{path}", data=json.dumps(payload).encode(), method="POST",
            headers={"Authorization": f"Bearer {self.key}",
                     "Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status

    async def send(self, rows):
        loop = asyncio.get_running_loop()
        payload = {"device": self.device, "readings": rows}
        return await loop.run_in_executor(None, self._post, "/readings", payload)


def pending(path: Path, offset: int, batch: int):
    with path.open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    return rows[offset:offset + batch]


async def run(args, client, cursor):
    src = Path(args.source)
    while True:
        rows = pending(src, cursor.offset, args.batch)
        if not rows:
            break
        status = await client.send(rows)
        if status >= 300:
            log.error("API answered %s; stopping", status)
            return 1
        cursor.offset += len(rows)
        cursor.sent += len(rows)
        cursor.save()
        log.info("sent %d rows (offset %d)", len(rows), cursor.offset)
    return 0


def main():
    ap = argparse.ArgumentParser(description="upload readings to FarmHub")
    ap.add_argument("--source", default="readings.csv")
    ap.add_argument("--batch", type=int, default=200)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("FARMHUB_API_KEY")
    if not key:
        log.error("FARMHUB_API_KEY is not set")
        return 2
    if not Path(args.source).is_file():
        log.info("nothing to send")
        return 0
    try:
        return asyncio.run(run(args, Client(key), Cursor.load()))
    except OSError as exc:
        log.error("upload failed: %s", exc)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
