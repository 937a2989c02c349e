#!/usr/bin/env python3
"""Export every issue of a GitHub repository to issues.jsonl by following
the Link: rel="next" pagination headers. The token comes from GITHUB_TOKEN
and is only ever sent to api.github.com."""
import argparse
import json
import os
import sys
import time

import requests

API = "https://api.github.com"


def make_session():
    s = requests.Session()
    s.headers.update({
        "Accept": "application/vnd.github+json",
        "User-Agent": "issue-exporter/0.2",
    })
    token = os.environ.get("GITHUB_TOKEN")
    if token:
        s.headers["Authorization"] = f"Bearer {token}"
    else:
        print("warning: no GITHUB_TOKEN, using anonymous rate limit", file=sys.stderr)
    return s


def respect_rate_limit(resp):
    remaining = int(resp.headers.get("X-RateLimit-Remaining", "1"))
    if remaining == 0:
        reset = int(resp.headers.get("X-RateLimit-Reset", time.time() + 60))
        wait = max(0, reset - int(time.time())) + 1
        print(f"rate limited, sleeping {wait}s", file=sys.stderr)
        time.sleep(wait)


def iter_issues(session, repo, state):
    url = f"{API}/repos/{repo}/issues"
    params = {"state": state, "per_page": 100}
    while url:
        resp = session.get(url, params=params, timeout=30)
        resp.raise_for_status()
        for issue in resp.json():
            if "pull_request" in issue:
                continue
            yield issue
        respect_rate_limit(resp)
        url = resp.links.get("next", {}).get("url")
        params = None  # the next link already carries the query string


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("repo", help="owner/name")
    ap.add_argument("--state", default="all", choices=["open", "closed", "all"])
    ap.add_argument("--out", default="issues.jsonl")
    args = ap.parse_args()

    session = make_session()
    count = 0
    with open(args.out, "w", encoding="utf-8") as fh:
        for issue in iter_issues(session, args.repo, args.state):
            record = {
                "number": issue["number"],
                "title": issue["title"],
                "state": issue["state"],
                "labels": [lb["name"] for lb in issue.get("labels", [])],
                "created_at": issue["created_at"],
                "comments": issue.get("comments", 0),
            }
            fh.write(json.dumps(record) + "\n")
            count += 1
    print(f"exported {count} issues to {args.out}")


if __name__ == "__main__":
    main()
