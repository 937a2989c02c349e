#!/usr/bin/env python3
"""Submit quarter-peal records to the guild's performance register.

Reads the performance files the ringing master writes after each quarter
(./performances/*.json) and posts any not yet submitted to the register's
API. The API key lives in REGISTER_API_KEY and is only sent to the register.
"""
import argparse
import asyncio
import json
import logging
import os
from dataclasses import dataclass, field, asdict
from pathlib import Path
from urllib import request, error

log = logging.getLogger("qp-submit")

REGISTER = os.environ.get("REGISTER_URL", "https://api.performance-register.example.org/v1/performances")
PERF_DIR = Path(os.environ.get("PERF_DIR", "performances"))
LEDGER = Path(".submitted.json")


@dataclass
class Performance:
    tower: str
    date: str
    method: str
    changes: int
    band: list = field(default_factory=list)
    footnotes: list = field(default_factory=list)

    @classmethod
    def load(cls, path):
        raw = json.loads(path.read_text(encoding="utf-8"))
        return cls(**{k: raw[k] for k in cls.__dataclass_fields__ if k in raw})


def _ledger():
    return set(json.loads(LEDGER.read_text())) if LEDGER.exists() else set()


def _save_ledger(done):
    LEDGER.write_text(json.dumps(sorted(done), indent=1))
    os.chmod(LEDGER, 0o600)


def make_poster(url, key):
    headers = {"Content-Type": "application/json", "Authorization": "Bearer " + key}

    def post(perf):
        body = json.dumps(asdict(perf)).encode("utf-8")
        req = request.Request(url, data=body, headers=headers, method="POST")
        with request.urlopen(req, timeout=30) as resp:
            return resp.status, json.loads(resp.read() or b"{}")
    return post


async def submit_all(paths, post, done):
    loop = asyncio.get_running_loop()
    submitted = 0
    for path in paths:
        if path.name in done:
            continue
        perf = Performance.load(path)
        try:
            status, reply = await loop.run_in_executor(None, post, perf)
        except error.HTTPError as exc:
            log.warning("%s rejected: %s", path.name, exc.code)
            continue
        except error.URLError as exc:
            log.error("register unreachable: %s", exc.reason)
            break
        log.info("%s -> %s (register id %s)", path.name, status, reply.get("id", "?"))
        done.add(path.name)
        submitted += 1
    return submitted


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default=REGISTER)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = os.environ.get("REGISTER_API_KEY")
    if not key:
        raise SystemExit("REGISTER_API_KEY is not set")
    paths = sorted(PERF_DIR.glob("*.json"))
    done = _ledger()
    pending = [p for p in paths if p.name not in done]
    log.info("%d performance files, %d pending", len(paths), len(pending))
    if args.dry_run or not pending:
        return
    count = asyncio.run(submit_all(pending, make_poster(args.url, key), done))
    _save_ledger(done)
    log.info("submitted %d performances", count)


if __name__ == "__main__":
    main()
