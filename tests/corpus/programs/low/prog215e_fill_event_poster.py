#!/usr/bin/env python3
"""Post completed-fill events to the pharmacy operations API.

Reads fill-completion events (JSON lines) from a batch file in the working
directory, or from stdin when a shell pipeline feeds it, e.g.

    ./export_fills.sh | FILL_API_KEY=... python3 prog215e_fill_event_poster.py -

and posts them in batches to the operations API. The API key comes from
the FILL_API_KEY environment variable and is sent only to that API. A
small ./last_post.env file is written for the next shell step to source.
"""
import argparse
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

API_URL = "https://pharmacy-api.example.com/v1/fill-events"
LOG_FILE = Path("./fill_event_poster.log")

LOG = logging.getLogger("fill_poster")


def os_pretty_name():
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return "unknown"


class EventBatcher:
    REQUIRED = ("rx", "store", "filled_at", "rph")

    def __init__(self, size):
        self.size = size
        self.rejected = 0

    def read(self, stream):
        batch = []
        for lineno, line in enumerate(stream, 1):
            line = line.strip()
            if not line:
                continue
            try:
                event = json.loads(line)
            except ValueError:
                LOG.warning("line %d: not JSON", lineno)
                self.rejected += 1
                continue
            if any(k not in event for k in self.REQUIRED):
                LOG.warning("line %d: missing fields", lineno)
                self.rejected += 1
                continue
            batch.append(event)
            if len(batch) >= self.size:
                yield batch
                batch = []
        if batch:
            yield batch


def post_batch(events, api_key, user_agent):
    body = json.dumps({"events": events}).encode()
    req = urllib.request.Request(API_URL, data=body, method="POST", headers={
        "Content-Type": "application/json",
        "Authorization": f"Bearer {api_key}",
        "User-Agent": user_agent,
    })
    with urllib.request.urlopen(req, timeout=20) as resp:
        return resp.status


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source", nargs="?", default="./fill_events.jsonl",
                        help="JSON-lines file, or - for stdin")
    parser.add_argument("--batch-size", type=int, default=50)
    args = parser.parse_args(argv)

    logging.basicConfig(filename=LOG_FILE, level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    os.chmod(LOG_FILE, 0o600)
    logging.getLogger().addHandler(logging.StreamHandler(sys.stderr))

    api_key = os.environ.get("FILL_API_KEY")
    if not api_key:
        LOG.error("FILL_API_KEY is not set")
        return 2

    user_agent = f"rx-fill-poster/2.1 ({os_pretty_name()})"
    stream = sys.stdin if args.source == "-" else open(args.source, encoding="utf-8")
    batcher = EventBatcher(args.batch_size)
    posted = failed = 0
    try:
        for batch in batcher.read(stream):
            try:
                status = post_batch(batch, api_key, user_agent)
                posted += len(batch)
                LOG.info("posted %d events (HTTP %s)", len(batch), status)
            except (urllib.error.URLError, OSError) as exc:
                failed += len(batch)
                LOG.error("batch failed: %s", exc)
    finally:
        if stream is not sys.stdin:
            stream.close()

    Path("./last_post.env").write_text(
        f"FILL_POSTED={posted}\nFILL_FAILED={failed}\nFILL_REJECTED={batcher.rejected}\n")
    LOG.info("done: posted=%d failed=%d rejected=%d", posted, failed, batcher.rejected)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
