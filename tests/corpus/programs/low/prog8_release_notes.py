"""Builds release notes from the GitHub API."""
import argparse
import json
import logging
import os
import sys
from datetime import datetime

import requests

API = "https://api.github.com"
log = logging.getLogger("notes")


class GitHub:
    def __init__(self, repo, token=None):
        self.repo = repo
        self.session = requests.Session()
        token = token or os.environ.get("GITHUB_TOKEN")
        if token:
            self.session.headers["Authorization"] = f"Bearer {token}"
        self.session.headers["Accept"] = "application/vnd.github+json"

    def pulls(self, since):
        url = f"{API}/repos/{self.repo}/pulls"
        params = {"state": "closed", "per_page": 100}
        page = 1
        while True:
            params["page"] = page
            resp = self.session.get(url, params=params, timeout=20)
            resp.raise_for_status()
            items = resp.json()
            if not items:
                break
            for pr in items:
                merged = pr.get("merged_at")
                if merged and merged >= since:
                    yield pr
            page += 1


def render(prs):
    lines = ["# Release notes", ""]
    for pr in sorted(prs, key=lambda p: p["merged_at"]):
        lines.append(f"- {pr['title']} (#{pr['number']}, @{pr['user']['login']})")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("repo")
    parser.add_argument("--since", default=datetime.utcnow().strftime("%Y-01-01"))
    parser.add_argument("--out", default="RELEASE_NOTES.md")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    gh = GitHub(args.repo)
    try:
        text = render(list(gh.pulls(args.since)))
    except requests.HTTPError as exc:
        log.error("GitHub said: %s", exc)
        return 1
    with open(args.out, "w", encoding="utf-8") as fh:
        fh.write(text)
    with open("notes.json", "w") as fh:
        json.dump({"generated": datetime.utcnow().isoformat()}, fh)
    return 0


if __name__ == "__main__":
    sys.exit(main())
