#!/usr/bin/env python3
"""Submit crash summaries from ./crashes to the CrashDesk API.

Each *.crash.json file produced by our app's fault handler is reduced to a
small summary (signal, top frames, build id) and POSTed as JSON. The API key
is read from CRASHDESK_API_KEY and is only ever sent to the CrashDesk host.
"""
import argparse
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("crashdesk")
DEFAULT_ENDPOINT = "https://api.crashdesk.example.com/v2/reports"


class CrashDeskClient:
    def __init__(self, endpoint, api_key, timeout=15):
        self.endpoint = endpoint
        self.api_key = api_key
        self.timeout = timeout

    def submit(self, summary):
        body = json.dumps(summary).encode("utf-8")
        req = urllib.request.Request(self.endpoint, data=body, method="POST")
        req.add_header("Content-Type", "application/json")
        req.add_header("Authorization", f"Token {self.api_key}")
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.load(resp)


def summarise(raw, max_frames):
    frames = raw.get("backtrace", [])[:max_frames]
    return {
        "app": raw.get("app", "unknown"),
        "version": raw.get("version"),
        "build_id": raw.get("build_id"),
        "signal": raw.get("signal"),
        "frames": [f"{f.get('module', '?')}!{f.get('symbol', '?')}+{f.get('offset', 0)}" for f in frames],
        "uptime_s": raw.get("uptime_s"),
    }


def pending(crash_dir):
    for path in sorted(Path(crash_dir).glob("*.crash.json")):
        if not path.with_suffix(".sent").exists():
            yield path


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", default="crashes")
    ap.add_argument("--endpoint", default=DEFAULT_ENDPOINT)
    ap.add_argument("--frames", type=int, default=12)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("CRASHDESK_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("CRASHDESK_API_KEY is not set")
        return 2
    client = CrashDeskClient(args.endpoint, api_key)

    sent = failed = 0
    for path in pending(args.dir):
        try:
            raw = json.loads(path.read_text())
        except (OSError, json.JSONDecodeError) as exc:
            LOG.warning("skipping %s: %s", path.name, exc)
            continue
        summary = summarise(raw, args.frames)
        if args.dry_run:
            print(json.dumps(summary, indent=2))
            continue
        try:
            result = client.submit(summary)
        except urllib.error.URLError as exc:
            LOG.error("upload of %s failed: %s", path.name, exc)
            failed += 1
            continue
        path.with_suffix(".sent").write_text(result.get("id", "ok"))
        sent += 1
    LOG.info("sent=%d failed=%d", sent, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
