#!/usr/bin/env python3
"""Push Chrome/Chromium bookmarks to a Linkding-compatible bookmark server.

Flattens the Bookmarks JSON of a browser profile, skips URLs the server
already has, and creates the rest through the REST API.  The API token is
read from LINKDING_TOKEN and the server from LINKDING_URL.

    bookmark_sync_push.py [--profile ~/.config/chromium/Default] [--dry-run]
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path

import requests

log = logging.getLogger("bm-push")

DEFAULT_PROFILE = Path.home() / ".config" / "google-chrome" / "Default"
STATE_FILE = Path(".bm-push-state.json")


def walk(node, trail=()):
    """Yield (folder_path, title, url) for every URL node in the tree."""
    kind = node.get("type")
    if kind == "url":
        yield "/".join(trail), node.get("name", ""), node.get("url", "")
    elif kind == "folder":
        name = node.get("name", "")
        for child in node.get("children", []):
            yield from walk(child, trail + (name,) if name else trail)


def load_bookmarks(profile):
    path = profile / "Bookmarks"
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    out = []
    for root_name, root in data.get("roots", {}).items():
        if isinstance(root, dict):
            out.extend(walk(root, (root_name,)))
    return [b for b in out if b[2].startswith(("http://", "https://"))]


class LinkdingClient:
    def __init__(self, base, token):
        self.base = base.rstrip("/")
        self.s = requests.Session()
        self.s.headers.update({"Authorization": "Token " + token,
                               "Accept": "application/json"})

    def known_urls(self):
        urls, url = set(), self.base + "/api/bookmarks/?limit=500"
        while url:
            r = self.s.get(url, timeout=20)
            r.raise_for_status()
            page = r.json()
            urls.update(item["url"] for item in page.get("results", []))
            url = page.get("next")
        return urls

    def create(self, folder, title, url):
        tags = [t.lower().replace(" ", "-") for t in folder.split("/") if t][-2:]
        body = {"url": url, "title": title, "tag_names": tags, "unread": False}
        r = self.s.post(self.base + "/api/bookmarks/", json=body, timeout=20)
        r.raise_for_status()
        return r.json().get("id")


def load_state():
    try:
        return set(json.loads(STATE_FILE.read_text()))
    except (FileNotFoundError, ValueError):
        return set()


def save_state(pushed):
    STATE_FILE.write_text(json.dumps(sorted(pushed)))
    os.chmod(STATE_FILE, 0o600)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--profile", type=Path, default=DEFAULT_PROFILE)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    base = os.environ.get("LINKDING_URL", "https://links.example.org")
    token = os.environ.get("LINKDING_TOKEN")
    if not token:
        log.error("LINKDING_TOKEN is not set")
        return 2

    try:
        marks = load_bookmarks(args.profile.expanduser())
    except (OSError, ValueError) as exc:
        log.error("cannot read bookmarks: %s", exc)
        return 1
    log.info("%d bookmarks in profile", len(marks))

    client = LinkdingClient(base, token)
    pushed = load_state()
    try:
        remote = client.known_urls()
    except requests.RequestException as exc:
        log.error("server unreachable: %s", exc)
        return 1

    new = [m for m in marks if m[2] not in remote and m[2] not in pushed]
    log.info("%d new bookmarks to push", len(new))
    for folder, title, url in new:
        if args.dry_run:
            print("would add", url)
            continue
        try:
            client.create(folder, title, url)
            pushed.add(url)
        except requests.RequestException as exc:
            log.warning("failed %s: %s", url, exc)
    if not args.dry_run:
        save_state(pushed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
