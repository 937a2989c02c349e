#!/usr/bin/env python3
"""Generate CHANGELOG.md from merged pull requests between two GitHub releases.

Reads GITHUB_TOKEN from the environment (optional, raises the rate limit)
and only ever sends it to api.github.com. Output is written to the current
working directory.
"""
import argparse
import json
import logging
import os
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections import defaultdict
from datetime import datetime

API_ROOT = "https://api.github.com"
LOG = logging.getLogger("changelog")

SECTION_LABELS = {
    "feature": "Features",
    "enhancement": "Features",
    "bug": "Bug fixes",
    "security": "Security",
    "docs": "Documentation",
    "dependencies": "Dependencies",
}


class GitHubReader:
    """Tiny read-only client for the GitHub REST API."""

    def __init__(self, repo, token=None, timeout=20):
        self.repo = repo
        self.timeout = timeout
        self.headers = {
            "Accept": "application/vnd.github+json",
            "User-Agent": "changelog-builder/1.4",
        }
        if token:
            self.headers["Authorization"] = f"Bearer {token}"

    def _get(self, path, params=None):
        url = f"{API_ROOT}{path}"
        if params:
            url += "?" + urllib.parse.urlencode(params)
        req = urllib.request.Request(url, headers=self.headers, method="GET")
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.load(resp)

    def release(self, tag):
        return self._get(f"/repos/{self.repo}/releases/tags/{tag}")

    def merged_pulls_between(self, since, until, max_pages=10):
        for page in range(1, max_pages + 1):
            batch = self._get(
                f"/repos/{self.repo}/pulls",
                {"state": "closed", "base": "main", "per_page": 100,
                 "page": page, "sort": "updated", "direction": "desc"},
            )
            if not batch:
                return
            for pr in batch:
                merged = pr.get("merged_at")
                if merged and since < merged <= until:
                    yield pr


def classify(pr):
    for label in pr.get("labels", []):
        section = SECTION_LABELS.get(label["name"].lower())
        if section:
            return section
    return "Other changes"


def render(repo, new_tag, grouped):
    today = datetime.utcnow().strftime("%Y-%m-%d")
    lines = [f"## {new_tag} ({today})", ""]
    order = ["Security", "Features", "Bug fixes", "Documentation",
             "Dependencies", "Other changes"]
    for section in order:
        items = grouped.get(section)
        if not items:
            continue
        lines.append(f"### {section}")
        for pr in sorted(items, key=lambda p: p["number"]):
            author = pr["user"]["login"]
            lines.append(f"- {pr['title']} (#{pr['number']}, @{author})")
        lines.append("")
    lines.append(f"Full diff: https://github.com/{repo}/compare/{new_tag}")
    return "\n".join(lines) + "\n"


def prepend(path, text):
    existing = ""
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            existing = fh.read()
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
        if existing:
            fh.write("\n" + existing)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("repo", help="owner/name")
    parser.add_argument("previous_tag")
    parser.add_argument("new_tag")
    parser.add_argument("--output", default="CHANGELOG.md")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    gh = GitHubReader(args.repo, os.environ.get("GITHUB_TOKEN"))

    try:
        since = gh.release(args.previous_tag)["published_at"]
        try:
            until = gh.release(args.new_tag)["published_at"]
        except urllib.error.HTTPError:
            until = datetime.utcnow().strftime("%Y-%m-%dT%H:%M:%SZ")
        grouped = defaultdict(list)
        for pr in gh.merged_pulls_between(since, until):
            grouped[classify(pr)].append(pr)
    except urllib.error.URLError as exc:
        LOG.error("GitHub API request failed: %s", exc)
        return 1

    text = render(args.repo, args.new_tag, grouped)
    if args.dry_run:
        sys.stdout.write(text)
    else:
        prepend(args.output, text)
        LOG.info("wrote %d entries to %s",
                 sum(len(v) for v in grouped.values()), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
