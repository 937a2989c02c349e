#!/usr/bin/env python3
"""Run the latest fleet maintenance hook published to the ops bucket.

Ops publish small Python hooks under s3://<bucket>/hooks/<channel>/. Every
host polls the channel, fetches the newest hook it has not run yet and runs
it in-process so hooks can reuse this runner's boto3 session.
"""
import argparse
import hashlib
import json
import logging
import os
import runpy
import sys
import tempfile
import time

import boto3
from botocore.exceptions import BotoCoreError, ClientError

log = logging.getLogger("hook_runner")
STATE_FILE = os.path.expanduser("~/.cache/fleet-hooks/state.json")


def load_state():
    try:
        with open(STATE_FILE) as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return {"done": []}


def save_state(state):
    os.makedirs(os.path.dirname(STATE_FILE), exist_ok=True)
    with open(STATE_FILE, "w") as fh:
        json.dump(state, fh)


def latest_hook(s3, bucket, channel):
    resp = s3.list_objects_v2(Bucket=bucket, Prefix=f"hooks/{channel}/")
    hooks = [o for o in resp.get("Contents", []) if o["Key"].endswith(".py")]
    return max(hooks, key=lambda o: o["LastModified"]) if hooks else None


def fetch(s3, bucket, key):
    body = s3.get_object(Bucket=bucket, Key=key)["Body"].read()
    digest = hashlib.sha256(body).hexdigest()
    fd, path = tempfile.mkstemp(prefix="hook-", suffix=".py")
    with os.fdopen(fd, "wb") as fh:
        fh.write(body)
    return path, digest


def run_hook(path, session):
    namespace = runpy.run_path(path, init_globals={"boto3_session": session},
                               run_name="__fleet_hook__")
    entry = namespace.get("main")
    if callable(entry):
        return entry()
    return None


def poll_once(session, bucket, channel, state):
    s3 = session.client("s3")
    hook = latest_hook(s3, bucket, channel)
    if hook is None:
        log.info("no hooks published on %s", channel)
        return
    if hook["ETag"] in state["done"]:
        log.debug("hook %s already run", hook["Key"])
        return
    path, digest = fetch(s3, bucket, hook["Key"])
    log.info("running %s (sha256 %s)", hook["Key"], digest[:12])
    try:
        result = run_hook(path, session)
        log.info("hook finished: %r", result)
    finally:
        os.unlink(path)
    state["done"].append(hook["ETag"])
    save_state(state)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bucket", default=os.environ.get("FLEET_OPS_BUCKET", "acme-fleet-ops"))
    ap.add_argument("--channel", default="stable")
    ap.add_argument("--interval", type=int, default=0, help="poll every N seconds")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    session = boto3.Session()
    state = load_state()
    while True:
        try:
            poll_once(session, args.bucket, args.channel, state)
        except (BotoCoreError, ClientError) as exc:
            log.error("poll failed: %s", exc)
        if not args.interval:
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
