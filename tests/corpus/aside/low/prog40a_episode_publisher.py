#!/usr/bin/env python3
"""Publish podcast episode metadata to the Castgrove hosting API.

Episode drafts live in ./episodes/*.json. Audio is already uploaded to the
host's storage; this tool only creates / updates the episode records.
The API token is read from CASTGROVE_TOKEN and is sent only to the API.
"""
import argparse
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

API_BASE = os.environ.get("CASTGROVE_API", "https://api.castgrove.fm/v2")
REQUIRED = ("title", "audio_url", "duration", "publish_at")

logger = logging.getLogger("publisher")


class CastgroveClient:
    def __init__(self, show_id: str, token: str, timeout: float = 15.0):
        self.show_id = show_id
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "Accept": "application/json",
            "User-Agent": "episode-publisher/1.4",
        })

    def _url(self, *parts: str) -> str:
        return "/".join([API_BASE.rstrip("/"), "shows", self.show_id, *parts])

    def find_by_slug(self, slug: str):
        resp = self.session.get(self._url("episodes"), params={"slug": slug},
                                timeout=self.timeout)
        resp.raise_for_status()
        items = resp.json().get("items", [])
        return items[0] if items else None

    def upsert(self, draft: dict) -> dict:
        existing = self.find_by_slug(draft["slug"])
        if existing:
            resp = self.session.patch(self._url("episodes", existing["id"]),
                                      json=draft, timeout=self.timeout)
        else:
            resp = self.session.post(self._url("episodes"), json=draft,
                                     timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def load_drafts(folder: Path):
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        missing = [k for k in REQUIRED if not data.get(k)]
        if missing:
            logger.warning("%s missing %s, skipped", path.name, ", ".join(missing))
            continue
        data.setdefault("slug", path.stem)
        yield path, data


def main() -> int:
    parser = argparse.ArgumentParser(description="publish episode drafts")
    parser.add_argument("--show", required=True, help="show id on Castgrove")
    parser.add_argument("--drafts", default="episodes", type=Path)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    token = os.environ.get("CASTGROVE_TOKEN")
    if not token and not args.dry_run:
        logger.error("CASTGROVE_TOKEN is not set")
        return 2

    client = CastgroveClient(args.show, token or "")
    published, failed = 0, 0
    for path, draft in load_drafts(args.drafts):
        if args.dry_run:
            print(json.dumps(draft, indent=2))
            continue
        for attempt in range(3):
            try:
                result = client.upsert(draft)
                logger.info("%s -> episode %s", path.name, result.get("id"))
                published += 1
                break
            except requests.RequestException as exc:
                logger.warning("attempt %d for %s failed: %s", attempt + 1, path.name, exc)
                time.sleep(2 ** attempt)
        else:
            failed += 1
    logger.info("published=%d failed=%d", published, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
