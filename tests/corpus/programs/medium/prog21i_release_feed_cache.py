#!/usr/bin/env python3
"""Show the latest releases of a few GitHub projects, with a local cache.

Release metadata is fetched from the public GitHub REST API and cached in
./.cache/releases.pkl for an hour so repeated runs stay under rate limits.
"""

import argparse
import json
import os
import pickle
import sys
import time
import urllib.error
import urllib.request

API = "https://api.github.com/repos/{repo}/releases?per_page=5"
CACHE_DIR = ".cache"
CACHE_FILE = os.path.join(CACHE_DIR, "releases.pkl")
CACHE_TTL = 3600
DEFAULT_REPOS = ["python/cpython", "psf/requests", "pallets/flask"]


class ReleaseCache:
    def __init__(self, path=CACHE_FILE, ttl=CACHE_TTL):
        self.path = path
        self.ttl = ttl
        self.data = {}

    def load(self):
        if not os.path.exists(self.path):
            return
        with open(self.path, "rb") as fh:
            self.data = pickle.load(fh)

    def save(self):
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        with open(self.path, "wb") as fh:
            pickle.dump(self.data, fh)

    def get(self, repo):
        entry = self.data.get(repo)
        if entry and time.time() - entry["fetched"] < self.ttl:
            return entry["releases"]
        return None

    def put(self, repo, releases):
        self.data[repo] = {"fetched": time.time(), "releases": releases}


def fetch_releases(repo):
    req = urllib.request.Request(API.format(repo=repo),
                                 headers={"Accept": "application/vnd.github+json",
                                          "User-Agent": "release-feed/1.0"})
    with urllib.request.urlopen(req, timeout=15) as resp:
        payload = json.load(resp)
    releases = []
    for item in payload:
        releases.append({
            "tag": item.get("tag_name", "?"),
            "name": item.get("name") or "",
            "published": (item.get("published_at") or "")[:10],
            "prerelease": bool(item.get("prerelease")),
        })
    return releases


def show(repo, releases, include_pre):
    print(f"\n{repo}")
    shown = 0
    for rel in releases:
        if rel["prerelease"] and not include_pre:
            continue
        print(f"  {rel['published']}  {rel['tag']:<16} {rel['name']}")
        shown += 1
    if shown == 0:
        print("  (no matching releases)")


def main(argv=None):
    parser = argparse.ArgumentParser(description="latest releases with caching")
    parser.add_argument("repos", nargs="*", default=DEFAULT_REPOS)
    parser.add_argument("--pre", action="store_true", help="include pre-releases")
    parser.add_argument("--refresh", action="store_true", help="ignore the cache")
    args = parser.parse_args(argv)

    cache = ReleaseCache()
    try:
        cache.load()
    except (OSError, EOFError, pickle.UnpicklingError):
        print("cache unreadable, starting fresh", file=sys.stderr)

    for repo in args.repos:
        releases = None if args.refresh else cache.get(repo)
        if releases is None:
            try:
                releases = fetch_releases(repo)
            except (urllib.error.URLError, ValueError) as exc:
                print(f"{repo}: fetch failed ({exc})", file=sys.stderr)
                continue
            cache.put(repo, releases)
        show(repo, releases, args.pre)

    cache.save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
