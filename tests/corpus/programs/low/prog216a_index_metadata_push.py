#!/usr/bin/env python3
"""Push metadata sidecars for scanned documents to the records index API.

Every scanned document has a <name>.meta.json sidecar written by the
capture station. This sends new or changed sidecars to the county records
index. File names can be piped in (e.g. `find batches -name '*.meta.json' |
index_metadata_push.py -`) or are found under the working directory.

The API key is read from RECORDS_INDEX_API_KEY and only sent to the index.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("index_push")

API_URL = "https://index.records.example.org/api/v1/documents"
STATE_FILE = Path(".index_push_state.json")
REQUIRED = ("docket", "doc_type", "pages", "scanned_on")


class PushState:
    """Remembers which sidecars were sent, keyed by an MD5 of their content."""

    def __init__(self, path):
        self.path = path
        self.sent = {}
        if path.exists():
            try:
                self.sent = json.loads(path.read_text())
            except ValueError:
                LOG.warning("state file corrupt, starting fresh")

    @staticmethod
    def cache_key(raw):
        return hashlib.md5(raw).hexdigest()

    def is_current(self, name, key):
        return self.sent.get(name) == key

    def mark(self, name, key):
        self.sent[name] = key

    def save(self):
        self.path.write_text(json.dumps(self.sent, indent=1, sort_keys=True))
        os.chmod(self.path, 0o600)


def sidecars(source):
    if source == "-":
        for line in sys.stdin:
            line = line.strip()
            if line:
                yield Path(line)
    else:
        yield from sorted(Path(source).rglob("*.meta.json"))


def validate(meta):
    missing = [k for k in REQUIRED if k not in meta]
    if missing:
        raise ValueError("missing " + ", ".join(missing))
    if int(meta["pages"]) <= 0:
        raise ValueError("pages must be positive")


def post(meta, api_key, timeout):
    body = json.dumps(meta).encode("utf-8")
    req = urllib.request.Request(API_URL, data=body, method="POST", headers={
        "Content-Type": "application/json",
        "Authorization": f"Bearer {api_key}",
    })
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("source", nargs="?", default=".",
                    help="directory to scan, or - to read names from stdin")
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--force", action="store_true", help="resend everything")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    api_key = os.environ.get("RECORDS_INDEX_API_KEY")
    if not api_key:
        LOG.error("RECORDS_INDEX_API_KEY is not set")
        return 2

    state = PushState(STATE_FILE)
    sent = skipped = failed = 0
    for path in sidecars(args.source):
        try:
            raw = path.read_bytes()
            meta = json.loads(raw)
            validate(meta)
        except (OSError, ValueError) as exc:
            LOG.warning("%s: %s", path, exc)
            failed += 1
            continue
        key = state.cache_key(raw)
        if not args.force and state.is_current(str(path), key):
            skipped += 1
            continue
        meta["source_file"] = path.name
        try:
            status = post(meta, api_key, args.timeout)
        except (urllib.error.URLError, OSError) as exc:
            LOG.error("%s: upload failed: %s", path, exc)
            failed += 1
            continue
        LOG.debug("%s -> HTTP %s", path, status)
        state.mark(str(path), key)
        sent += 1
    state.save()
    LOG.info("sent %d, unchanged %d, failed %d", sent, skipped, failed)
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
