#!/usr/bin/env python3
"""Resolve a vim/neovim plugin list to exact commits and write a lockfile.

Reads ``plugins.yaml`` from the dotfiles repo:

    plugins:
      - repo: tpope/vim-fugitive
      - repo: nvim-treesitter/nvim-treesitter
        branch: main
      - repo: folke/tokyonight.nvim
        tag: v4.8.0

and asks the GitHub REST API for the commit each entry currently points at.
The result is stored in ``plugins.lock.json`` next to the spec.  API
responses are cached under ``.lockcache/`` so repeated runs stay cheap.
"""

import argparse
import hashlib
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import yaml

API = "https://api.github.com"
CACHE_DIR = Path(".lockcache")
CACHE_TTL = 15 * 60

logger = logging.getLogger("vimlock")


class GitHub:
    def __init__(self, token=None, timeout=20):
        self.token = token
        self.timeout = timeout

    def _cache_path(self, url):
        return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".json")

    def get(self, path):
        url = API + path
        cached = self._cache_path(url)
        if cached.exists() and time.time() - cached.stat().st_mtime < CACHE_TTL:
            with cached.open() as fh:
                return json.load(fh)
        req = urllib.request.Request(url)
        req.add_header("Accept", "application/vnd.github+json")
        req.add_header("User-Agent", "vimlock/1.3")
        if self.token:
            req.add_header("Authorization", f"Bearer {self.token}")
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            data = json.load(resp)
        CACHE_DIR.mkdir(exist_ok=True)
        with cached.open("w") as fh:
            json.dump(data, fh)
        return data

    def resolve(self, repo, ref):
        quoted = urllib.parse.quote(ref, safe="")
        commit = self.get(f"/repos/{repo}/commits/{quoted}")
        return commit["sha"], commit["commit"]["committer"]["date"]

    def default_branch(self, repo):
        return self.get(f"/repos/{repo}")["default_branch"]


def load_spec(path):
    with open(path, encoding="utf-8") as fh:
        doc = yaml.safe_load(fh) or {}
    plugins = doc.get("plugins", [])
    for p in plugins:
        if "repo" not in p or p["repo"].count("/") != 1:
            raise ValueError(f"bad plugin entry: {p!r}")
    return plugins


def build_lock(gh, plugins, only=None):
    lock = {}
    failures = 0
    for p in plugins:
        repo = p["repo"]
        if only and repo not in only:
            continue
        ref = p.get("tag") or p.get("commit") or p.get("branch")
        try:
            if ref is None:
                ref = gh.default_branch(repo)
            sha, date = gh.resolve(repo, ref)
        except urllib.error.HTTPError as exc:
            logger.error("%s@%s: HTTP %s", repo, ref, exc.code)
            failures += 1
            continue
        except urllib.error.URLError as exc:
            logger.error("%s: %s", repo, exc.reason)
            failures += 1
            continue
        lock[repo] = {"ref": ref, "commit": sha, "date": date}
        logger.info("%-40s %s %s", repo, sha[:10], ref)
    return lock, failures


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--spec", default="plugins.yaml")
    ap.add_argument("--lock", default="plugins.lock.json")
    ap.add_argument("--only", nargs="*", help="update only these repos")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(message)s")

    if args.no_cache and CACHE_DIR.exists():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()

    plugins = load_spec(args.spec)
    gh = GitHub(token=os.environ.get("GITHUB_TOKEN"))

    previous = {}
    if args.only and os.path.exists(args.lock):
        with open(args.lock) as fh:
            previous = json.load(fh)

    lock, failures = build_lock(gh, plugins, set(args.only or ()))
    previous.update(lock)
    with open(args.lock, "w") as fh:
        json.dump(previous, fh, indent=2, sort_keys=True)
        fh.write("\n")
    print(f"locked {len(lock)} plugins into {args.lock}"
          + (f" ({failures} failed)" if failures else ""))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
