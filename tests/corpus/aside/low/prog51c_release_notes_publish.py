#!/usr/bin/env python3
"""Create a GitHub release from the newest section of CHANGELOG.md.

Used as the last step of the installer build pipeline.  The token is read
from GITHUB_TOKEN and is only ever sent to the GitHub REST API.
"""
import argparse
import json
import logging
import os
import re
import sys
import urllib.error
import urllib.request
from pathlib import Path

API_ROOT = "https://api.github.com"
SECTION_RE = re.compile(r"^## \[?v?(?P<version>\d+\.\d+\.\d+[^\]\s]*)\]?.*$", re.M)
log = logging.getLogger("release-notes")


class GitHubClient:
    def __init__(self, token: str, repo: str, timeout: float = 15.0):
        self.repo = repo
        self.timeout = timeout
        self._headers = {
            "Authorization": f"Bearer {token}",
            "Accept": "application/vnd.github+json",
            "X-GitHub-Api-Version": "2022-11-28",
            "User-Agent": "installer-release-bot/1.4",
        }

    def _call(self, method: str, path: str, payload=None):
        body = json.dumps(payload).encode() if payload is not None else None
        req = urllib.request.Request(f"{API_ROOT}{path}", data=body, method=method,
                                     headers={**self._headers, "Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.loads(resp.read() or b"null")

    def release_exists(self, tag: str) -> bool:
        try:
            self._call("GET", f"/repos/{self.repo}/releases/tags/{tag}")
            return True
        except urllib.error.HTTPError as exc:
            if exc.code == 404:
                return False
            raise

    def create_release(self, tag: str, name: str, body: str, draft: bool):
        return self._call("POST", f"/repos/{self.repo}/releases",
                          {"tag_name": tag, "name": name, "body": body,
                           "draft": draft, "prerelease": "-" in tag})


def latest_section(changelog: Path):
    text = changelog.read_text(encoding="utf-8")
    matches = list(SECTION_RE.finditer(text))
    if not matches:
        raise ValueError(f"no version headings found in {changelog}")
    first = matches[0]
    end = matches[1].start() if len(matches) > 1 else len(text)
    return first.group("version"), text[first.end():end].strip()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="publish release notes")
    parser.add_argument("--repo", default=os.environ.get("GITHUB_REPOSITORY", "acme/installer"))
    parser.add_argument("--changelog", type=Path, default=Path("CHANGELOG.md"))
    parser.add_argument("--draft", action="store_true")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        version, notes = latest_section(args.changelog)
    except (OSError, ValueError) as exc:
        log.error("cannot read changelog: %s", exc)
        return 2
    tag = f"v{version}"
    log.info("latest changelog entry: %s (%d chars)", tag, len(notes))

    if args.dry_run:
        print(notes)
        return 0

    token = os.environ.get("GITHUB_TOKEN")
    if not token:
        log.error("GITHUB_TOKEN is not set")
        return 2
    gh = GitHubClient(token, args.repo)
    try:
        if gh.release_exists(tag):
            log.info("release %s already exists, nothing to do", tag)
            return 0
        rel = gh.create_release(tag, f"Installer {version}", notes, args.draft)
    except urllib.error.URLError as exc:
        log.error("GitHub API call failed: %s", exc)
        return 1
    log.info("created release %s: %s", tag, rel.get("html_url"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
