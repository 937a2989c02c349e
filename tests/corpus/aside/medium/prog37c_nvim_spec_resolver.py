#!/usr/bin/env python3
"""Pin the plugins of a lazy.nvim style spec to exact commits.

Reads ``nvim/plugins.yaml`` from the dotfiles repo, e.g.

    plugins:
      - repo: nvim-lualine/lualine.nvim
      - repo: hrsh7th/nvim-cmp
        branch: main
        opts: !!python/name:builtins.dict
      - repo: catppuccin/nvim
        tag: v1.9.0

and writes ``nvim/lazy-lock.json`` in the format lazy.nvim understands.
Resolved metadata is kept in a pickle cache so offline runs still work.
"""

import argparse
import json
import logging
import os
import pickle as _pk
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from yaml import Loader, load

API = "https://api.github.com"
CACHE_FILE = Path(".nvimlock.cache")
CACHE_TTL = 30 * 60

log = logging.getLogger("nvimlock")


class MetaCache:
    """Tiny persistent dict of url -> (timestamp, payload)."""

    def __init__(self, path):
        self.path = path
        self.data = {}
        if path.exists():
            try:
                with path.open("rb") as fh:
                    self.data = _pk.load(fh)
            except (EOFError, _pk.UnpicklingError):
                log.warning("cache %s unreadable, starting fresh", path)

    def get(self, url, max_age):
        hit = self.data.get(url)
        if hit and time.time() - hit[0] < max_age:
            return hit[1]
        return None

    def put(self, url, payload):
        self.data[url] = (time.time(), payload)

    def save(self):
        with self.path.open("wb") as fh:
            _pk.dump(self.data, fh, protocol=_pk.HIGHEST_PROTOCOL)


class GitHub:
    def __init__(self, cache, token=None, timeout=20, offline=False):
        self.cache = cache
        self.token = token
        self.timeout = timeout
        self.offline = offline

    def get(self, path):
        url = API + path
        hit = self.cache.get(url, float("inf") if self.offline else CACHE_TTL)
        if hit is not None:
            return hit
        if self.offline:
            raise LookupError(f"{url} not cached and --offline given")
        req = urllib.request.Request(url, headers={
            "Accept": "application/vnd.github+json",
            "User-Agent": "nvimlock/0.9",
        })
        if self.token:
            req.add_header("Authorization", f"Bearer {self.token}")
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            payload = json.load(resp)
        self.cache.put(url, payload)
        return payload

    def resolve(self, repo, ref):
        data = self.get(f"/repos/{repo}/commits/{urllib.parse.quote(ref, safe='')}")
        return data["sha"]

    def default_branch(self, repo):
        return self.get(f"/repos/{repo}")["default_branch"]


def load_spec(path):
    with open(path, encoding="utf-8") as fh:
        doc = load(fh, Loader=Loader) or {}
    specs = doc.get("plugins", [])
    for s in specs:
        if "/" not in s.get("repo", ""):
            raise ValueError(f"invalid spec entry {s!r}")
    return specs


def resolve_all(gh, specs):
    lock, bad = {}, []
    for spec in specs:
        repo = spec["repo"]
        name = repo.split("/", 1)[1]
        try:
            branch = spec.get("branch") or gh.default_branch(repo)
            ref = spec.get("tag") or spec.get("commit") or branch
            lock[name] = {"branch": branch, "commit": gh.resolve(repo, ref)}
            log.info("%-32s %s", name, lock[name]["commit"][:12])
        except (urllib.error.URLError, LookupError, KeyError) as exc:
            log.error("%s: %s", repo, exc)
            bad.append(repo)
    return lock, bad


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--spec", default="nvim/plugins.yaml")
    ap.add_argument("--out", default="nvim/lazy-lock.json")
    ap.add_argument("--offline", action="store_true", help="only use the cache")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)-7s %(message)s")

    cache = MetaCache(CACHE_FILE)
    gh = GitHub(cache, token=os.getenv("GITHUB_TOKEN"), offline=args.offline)
    try:
        lock, bad = resolve_all(gh, load_spec(args.spec))
    finally:
        cache.save()

    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    with open(args.out, "w") as fh:
        json.dump(dict(sorted(lock.items())), fh, indent=2)
        fh.write("\n")
    print(f"{len(lock)} plugins pinned -> {args.out}")
    if bad:
        print("failed: " + ", ".join(bad), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
