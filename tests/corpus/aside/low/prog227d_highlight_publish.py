#!/usr/bin/env python3
"""Publish clip markers from the replay clipper to the league highlights API.

The clipper prints one JSON object per clip on stdout, so this is used as

    clipper --match 4417 --json | python3 highlight_publish.py --match 4417

Each clip (match, round, tick range, tag, caster note) is posted to the
highlights API with the key from HIGHLIGHTS_API_KEY.  Published clip ids are
remembered in ./published_clips.json so re-running is safe.
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

LOG = logging.getLogger("highlight-publish")

API_URL = "https://highlights.example.com/api/v1/clips"
STATE = Path("published_clips.json")
VALID_TAGS = {"ace", "clutch", "entry", "collateral", "ninja_defuse", "eco_win", "other"}


class Publisher:
    def __init__(self, api_url, api_key, dry_run=False):
        self.api_url = api_url
        self.api_key = api_key
        self.dry_run = dry_run
        self.seen = self._load()

    def _load(self):
        if STATE.exists():
            try:
                return set(json.loads(STATE.read_text()))
            except (json.JSONDecodeError, TypeError):
                LOG.warning("state file unreadable, starting empty")
        return set()

    def save(self):
        STATE.write_text(json.dumps(sorted(self.seen), indent=0))
        os.chmod(STATE, 0o600)

    @staticmethod
    def clip_id(clip):
        # stable id for de-duplication (not security relevant)
        key = f"{clip['match']}:{clip['round']}:{clip['start_tick']}:{clip['end_tick']}"
        return hashlib.md5(key.encode()).hexdigest()

    def publish(self, clip):
        cid = self.clip_id(clip)
        if cid in self.seen:
            LOG.debug("already published %s", cid)
            return False
        body = dict(clip, clip_id=cid)
        if self.dry_run:
            LOG.info("dry run: %s", json.dumps(body))
            return True
        req = urllib.request.Request(
            self.api_url,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json",
                     "Authorization": f"Bearer {self.api_key}"},
            method="POST",
        )
        with urllib.request.urlopen(req, timeout=15) as resp:
            if resp.status not in (200, 201):
                raise RuntimeError(f"API answered {resp.status}")
        self.seen.add(cid)
        return True


def read_clips(stream, match):
    for n, line in enumerate(stream, 1):
        line = line.strip()
        if not line:
            continue
        try:
            clip = json.loads(line)
        except json.JSONDecodeError:
            LOG.warning("line %d is not JSON, skipped", n)
            continue
        clip.setdefault("match", match)
        if clip.get("tag") not in VALID_TAGS:
            clip["tag"] = "other"
        if not all(k in clip for k in ("round", "start_tick", "end_tick")):
            LOG.warning("line %d missing fields, skipped", n)
            continue
        yield clip


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--match", required=True)
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    api_key = os.environ.get("HIGHLIGHTS_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("HIGHLIGHTS_API_KEY is not set")
        return 1
    pub = Publisher(API_URL, api_key, args.dry_run)
    posted = errors = 0
    for clip in read_clips(sys.stdin, args.match):
        try:
            if pub.publish(clip):
                posted += 1
        except (urllib.error.URLError, RuntimeError) as exc:
            errors += 1
            LOG.error("clip round %s failed: %s", clip.get("round"), exc)
    if not args.dry_run:
        pub.save()
    LOG.info("published %d clips, %d errors", posted, errors)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
