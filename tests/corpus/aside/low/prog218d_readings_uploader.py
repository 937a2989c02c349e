#!/usr/bin/env python3
"""Upload new weather readings to the vineyard data platform.

Reads the station's JSON-lines spool in the working directory, skips
batches that were already sent (tracked by an MD5 cache key in a small
state file) and posts the rest to the platform API using the API key in
VINEYARD_API_KEY.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import tempfile
import urllib.error
import urllib.request

LOG = logging.getLogger("uploader")
API_URL = "https://api.example.com/v1/stations/{station}/readings"
STATE_FILE = ".uploader_state.json"


class UploadState:
    def __init__(self, path):
        self.path = path
        self.sent = set()
        if os.path.exists(path):
            with open(path) as fh:
                self.sent = set(json.load(fh).get("sent", []))

    def save(self):
        # Write atomically next to the state file, then keep it private.
        directory = os.path.dirname(os.path.abspath(self.path))
        with tempfile.NamedTemporaryFile("w", dir=directory, delete=False) as fh:
            json.dump({"sent": sorted(self.sent)}, fh)
            tmp = fh.name
        os.replace(tmp, self.path)
        os.chmod(self.path, 0o600)


def batch_key(batch):
    blob = json.dumps(batch, sort_keys=True).encode()
    return hashlib.md5(blob).hexdigest()


def read_spool(path, batch_size):
    batch = []
    with open(path) as fh:
        for line_no, line in enumerate(fh, 1):
            line = line.strip()
            if not line:
                continue
            try:
                batch.append(json.loads(line))
            except ValueError:
                LOG.warning("spool line %d is not JSON, skipped", line_no)
                continue
            if len(batch) >= batch_size:
                yield batch
                batch = []
    if batch:
        yield batch


def post_batch(url, api_key, batch, timeout):
    body = json.dumps({"readings": batch}).encode()
    req = urllib.request.Request(url, data=body, method="POST", headers={
        "Content-Type": "application/json",
        "Authorization": f"Bearer {api_key}",
    })
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--station", default=os.environ.get("STATION_ID", "ws-north"))
    p.add_argument("--spool", default="readings.jsonl")
    p.add_argument("--batch-size", type=int, default=200)
    p.add_argument("--timeout", type=float, default=20.0)
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    api_key = os.environ.get("VINEYARD_API_KEY")
    if not api_key:
        LOG.error("VINEYARD_API_KEY is not set")
        return 1
    if not os.path.exists(args.spool):
        LOG.info("no spool file %s, nothing to do", args.spool)
        return 0
    url = API_URL.format(station=args.station)
    state = UploadState(STATE_FILE)
    sent = skipped = failed = 0
    for batch in read_spool(args.spool, args.batch_size):
        key = batch_key(batch)
        if key in state.sent:
            skipped += 1
            continue
        try:
            status = post_batch(url, api_key, batch, args.timeout)
        except (urllib.error.URLError, OSError) as exc:
            LOG.warning("batch %s failed: %s", key[:8], exc)
            failed += 1
            continue
        LOG.debug("batch %s -> HTTP %s", key[:8], status)
        state.sent.add(key)
        sent += 1
    state.save()
    LOG.info("sent %d batches, skipped %d, failed %d", sent, skipped, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
