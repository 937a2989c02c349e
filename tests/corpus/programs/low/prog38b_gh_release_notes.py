#!/usr/bin/env python3
"""Draft a GitHub release from merged pull requests.

Collects pull requests merged since the previous tag, groups them by label
into sections, and creates (or updates) a draft release through the GitHub
REST API.  The token is read from GITHUB_TOKEN and is only ever sent to the
GitHub API host.
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field

API_ROOT = "https://api.github.com"
LOG = logging.getLogger("release-notes")

SECTIONS = [
    ("breaking", "Breaking changes"),
    ("feature", "New features"),
    ("bug", "Bug fixes"),
    ("docs", "Documentation"),
    ("dependencies", "Dependency updates"),
]


@dataclass
class PullRequest:
    number: int
    title: str
    author: str
    labels: list[str] = field(default_factory=list)

    def line(self) -> str:
        return f"- {self.title} (#{self.number}, @{self.author})"


class GitHubClient:
    def __init__(self, repo: str, token: str | None):
        self.repo = repo
        self.token = token

    def _request(self, method: str, path: str, payload: dict | None = None):
        url = f"{API_ROOT}{path}"
        data = json.dumps(payload).encode() if payload is not None else None
        req = urllib.request.Request(url, data=data, method=method)
        req.add_header("Accept", "application/vnd.github+json")
        req.add_header("X-GitHub-Api-Version", "2022-11-28")
        if self.token:
            req.add_header("Authorization", f"Bearer {self.token}")
        if data is not None:
            req.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(req, timeout=20) as resp:
            body = resp.read()
        return json.loads(body) if body else None

    def latest_tag(self) -> str | None:
        tags = self._request("GET", f"/repos/{self.repo}/tags?per_page=1")
        return tags[0]["name"] if tags else None

    def merged_since(self, tag: str | None) -> list[PullRequest]:
        query = f"repo:{self.repo} is:pr is:merged"
        if tag:
            commit = self._request("GET", f"/repos/{self.repo}/commits/{tag}")
            query += f" merged:>{commit['commit']['committer']['date']}"
        qs = urllib.parse.urlencode({"q": query, "per_page": 100})
        found = self._request("GET", f"/search/issues?{qs}")
        prs = []
        for item in found.get("items", []):
            prs.append(PullRequest(
                number=item["number"],
                title=item["title"].strip(),
                author=item["user"]["login"],
                labels=[lb["name"] for lb in item.get("labels", [])],
            ))
        return prs

    def create_draft(self, tag: str, body: str) -> str:
        rel = self._request("POST", f"/repos/{self.repo}/releases", {
            "tag_name": tag,
            "name": tag,
            "body": body,
            "draft": True,
        })
        return rel["html_url"]


def render(prs: list[PullRequest]) -> str:
    buckets: dict[str, list[PullRequest]] = {key: [] for key, _ in SECTIONS}
    other: list[PullRequest] = []
    for pr in prs:
        for key, _ in SECTIONS:
            if key in pr.labels:
                buckets[key].append(pr)
                break
        else:
            other.append(pr)
    parts = []
    for key, heading in SECTIONS:
        if buckets[key]:
            parts.append(f"## {heading}\n")
            parts.extend(pr.line() for pr in sorted(buckets[key], key=lambda p: p.number))
            parts.append("")
    if other:
        parts.append("## Other changes\n")
        parts.extend(pr.line() for pr in other)
    return "\n".join(parts).strip() + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("repo", help="owner/name")
    ap.add_argument("new_tag", help="tag for the upcoming release, e.g. v2.4.0")
    ap.add_argument("--dry-run", action="store_true", help="print notes only")
    ap.add_argument("--output", default="RELEASE_NOTES.md")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    client = GitHubClient(args.repo, os.environ.get("GITHUB_TOKEN"))
    try:
        previous = client.latest_tag()
        LOG.info("previous tag: %s", previous or "<none>")
        prs = client.merged_since(previous)
    except urllib.error.HTTPError as exc:
        LOG.error("GitHub API error %s: %s", exc.code, exc.reason)
        return 2

    notes = render(prs)
    with open(args.output, "w", encoding="utf-8") as fh:
        fh.write(notes)
    LOG.info("wrote %d entries to %s", len(prs), args.output)

    if args.dry_run or not client.token:
        print(notes)
        return 0
    url = client.create_draft(args.new_tag, notes)
    LOG.info("draft release created: %s", url)
    return 0


if __name__ == "__main__":
    sys.exit(main())
