#!/usr/bin/env python3
"""Push new entries from the local orchid care log (repotting, feeding,
spraying) to the shared Airtable base used by the growing group."""
import argparse
import asyncio
import csv
import functools
import hashlib
import json
import logging
import os
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("care-sync")
API_ROOT = "https://api.airtable.com/v0"
STATE_FILE = Path(".care_sync_state.json")


@dataclass
class Target:
    base: str
    table: str
    token: str

    @property
    def url(self) -> str:
        return "%s/%s/%s" % (API_ROOT, self.base, urllib.request.quote(self.table))


def retry(times=3, delay=2.0):
    def deco(fn):
        @functools.wraps(fn)
        async def wrapper(*a, **kw):
            for attempt in range(1, times + 1):
                try:
                    return await fn(*a, **kw)
                except urllib.error.URLError as exc:
                    log.warning("%s attempt %d: %s", fn.__name__, attempt, exc)
                    if attempt == times:
                        raise
                    await asyncio.sleep(delay * attempt)
        return wrapper
    return deco


def entry_key(row: dict) -> str:
    raw = "|".join(row.get(k, "") for k in ("date", "plant", "action", "notes"))
    return hashlib.md5(raw.encode()).hexdigest()


def load_state() -> set:
    if STATE_FILE.exists():
        return set(json.loads(STATE_FILE.read_text()))
    return set()


def save_state(keys: set) -> None:
    STATE_FILE.write_text(json.dumps(sorted(keys)))
    os.chmod(STATE_FILE, 0o600)


def _post(target: Target, records: list) -> int:
    body = json.dumps({"records": [{"fields": r} for r in records], "typecast": True}).encode()
    req = urllib.request.Request(target.url, data=body, method="POST", headers={
        "Authorization": "Bearer " + target.token, "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        return resp.status


@retry()
async def push_batch(target: Target, records: list) -> int:
    return await asyncio.get_running_loop().run_in_executor(None, _post, target, records)


async def sync(target: Target, log_path: Path, dry_run: bool) -> int:
    seen = load_state()
    with log_path.open(newline="") as fh:
        fresh = [r for r in csv.DictReader(fh) if entry_key(r) not in seen]
    log.info("%d new care entries", len(fresh))
    for i in range(0, len(fresh), 10):
        batch = fresh[i:i + 10]
        fields = [{"Date": r.get("date"), "Plant": r.get("plant"),
                   "Action": r.get("action"), "Notes": r.get("notes", "")} for r in batch]
        if dry_run:
            print(json.dumps(fields, indent=1))
        else:
            await push_batch(target, fields)
            seen.update(entry_key(r) for r in batch)
            save_state(seen)
    return len(fresh)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("care_log", type=Path)
    ap.add_argument("--base", default=os.environ.get("AIRTABLE_BASE", ""))
    ap.add_argument("--table", default="Care log")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    token = os.environ.get("AIRTABLE_TOKEN")
    if not token or not args.base:
        log.error("AIRTABLE_TOKEN and --base/AIRTABLE_BASE are required")
        return 2
    try:
        asyncio.run(sync(Target(args.base, args.table, token), args.care_log, args.dry_run))
    except (OSError, urllib.error.URLError) as exc:
        log.error("sync failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
