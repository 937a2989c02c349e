#!/usr/bin/env python3
"""Poll GitHub for new releases of a list of repositories.

Reads repositories from watchlist.txt (one owner/name per line), remembers
the last seen tag in ./release_state.json and prints anything new.
Set GITHUB_TOKEN to avoid the anonymous rate limit.
"""
import argparse
import json
import logging
import os
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

API_ROOT = "https://api.github.com"
STATE_FILE = Path("release_state.json")
log = logging.getLogger("release_watch")


@dataclass
class Release:
    repo: str
    tag: str
    name: str
    url: str
    published: str


class GitHubClient:
    def __init__(self, token=None, timeout=15):
        self.timeout = timeout
        self.headers = {"Accept": "application/vnd.github+json",
                        "User-Agent": "release-watch/1.2"}
        if token:
            self.headers["Authorization"] = f"Bearer {token}"

    def latest_release(self, repo: str):
        req = urllib.request.Request(f"{API_ROOT}/repos/{repo}/releases/latest",
                                     headers=self.headers)
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                data = json.load(resp)
        except urllib.error.HTTPError as exc:
            if exc.code == 404:
                log.warning("%s has no releases", repo)
                return None
            raise
        return Release(repo, data["tag_name"], data.get("name") or data["tag_name"],
                       data["html_url"], data.get("published_at", ""))


def load_state() -> dict:
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {}


def save_state(state: dict) -> None:
    tmp = STATE_FILE.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=2, sort_keys=True))
    os.chmod(tmp, 0o600)
    tmp.replace(STATE_FILE)


def read_watchlist(path: Path):
    for raw in path.read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if line and "/" in line:
            yield line


def poll_once(client: GitHubClient, repos, state: dict) -> int:
    fresh = 0
    for repo in repos:
        try:
            rel = client.latest_release(repo)
        except (urllib.error.URLError, TimeoutError) as exc:
            log.error("could not query %s: %s", repo, exc)
            continue
        if rel is None or state.get(repo) == rel.tag:
            continue
        print(f"[new] {rel.repo} {rel.tag} ({rel.published}) {rel.url}")
        state[repo] = rel.tag
        fresh += 1
    return fresh


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--watchlist", type=Path, default=Path("watchlist.txt"))
    ap.add_argument("--interval", type=int, default=0,
                    help="seconds between polls; 0 = poll once and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    client = GitHubClient(token=os.environ.get("GITHUB_TOKEN"))
    repos = list(read_watchlist(args.watchlist))
    state = load_state()
    while True:
        n = poll_once(client, repos, state)
        save_state(state)
        log.info("%d new release(s) across %d repos", n, len(repos))
        if args.interval <= 0:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
