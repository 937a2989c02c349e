#!/usr/bin/env python3
"""Draft release notes from pull requests merged into a milestone.

    pr-release-notes acme/shopfront --milestone v3.8 > notes.md

PRs are grouped by their label (see LABEL_SECTIONS); anything unlabelled
lands under "Other changes". Reads GITHUB_TOKEN from the environment to get
the higher API rate limit and access to private repositories.
"""
from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from collections import OrderedDict, defaultdict
from typing import Iterator

import requests

log = logging.getLogger("pr-notes")

API = "https://api.github.com"
LABEL_SECTIONS = OrderedDict([
    ("breaking", "Breaking changes"),
    ("feature", "New features"),
    ("enhancement", "Improvements"),
    ("bug", "Bug fixes"),
    ("dependencies", "Dependency updates"),
])
SKIP_LABELS = {"skip-changelog", "internal"}


def make_session() -> requests.Session:
    s = requests.Session()
    s.headers.update({
        "Accept": "application/vnd.github+json",
        "X-GitHub-Api-Version": "2022-11-28",
        "User-Agent": "pr-release-notes",
    })
    token = os.environ.get("GITHUB_TOKEN")
    if token:
        s.headers["Authorization"] = f"Bearer {token}"
    else:
        log.warning("GITHUB_TOKEN not set; unauthenticated requests are rate limited")
    return s


def paged(session: requests.Session, url: str, params: dict) -> Iterator[dict]:
    while url:
        for attempt in range(3):
            resp = session.get(url, params=params, timeout=15)
            if resp.status_code == 403 and resp.headers.get("X-RateLimit-Remaining") == "0":
                wait = max(0, int(resp.headers.get("X-RateLimit-Reset", "0")) - int(time.time()))
                log.warning("rate limited, sleeping %ss", min(wait, 60))
                time.sleep(min(wait, 60))
                continue
            resp.raise_for_status()
            break
        else:
            raise RuntimeError(f"giving up on {url}")
        yield from resp.json()
        url = resp.links.get("next", {}).get("url")
        params = {}


def milestone_number(session, repo: str, title: str) -> int:
    for ms in paged(session, f"{API}/repos/{repo}/milestones", {"state": "all", "per_page": 100}):
        if ms["title"] == title:
            return ms["number"]
    raise LookupError(f"milestone {title!r} not found in {repo}")


def merged_prs(session, repo: str, milestone: int) -> Iterator[dict]:
    params = {"milestone": milestone, "state": "closed", "per_page": 100}
    for issue in paged(session, f"{API}/repos/{repo}/issues", params):
        pr = issue.get("pull_request")
        if pr and pr.get("merged_at"):
            yield issue


def section_for(labels: set[str]) -> str | None:
    if labels & SKIP_LABELS:
        return None
    for label, title in LABEL_SECTIONS.items():
        if label in labels:
            return title
    return "Other changes"


def render(title: str, prs) -> str:
    groups = defaultdict(list)
    contributors = set()
    for pr in prs:
        labels = {lbl["name"] for lbl in pr.get("labels", [])}
        sect = section_for(labels)
        if sect is None:
            continue
        groups[sect].append(f"- {pr['title']} (#{pr['number']}, @{pr['user']['login']})")
        contributors.add(pr["user"]["login"])
    lines = [f"# {title}", ""]
    for sect in [*LABEL_SECTIONS.values(), "Other changes"]:
        if groups.get(sect):
            lines += [f"## {sect}", "", *groups[sect], ""]
    if contributors:
        lines += ["## Contributors", "", ", ".join(f"@{c}" for c in sorted(contributors)), ""]
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(prog="pr-release-notes")
    ap.add_argument("repo", help="owner/name")
    ap.add_argument("--milestone", required=True)
    ap.add_argument("-o", "--output", help="write to this file instead of stdout")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="pr-notes: %(message)s")

    session = make_session()
    try:
        number = milestone_number(session, args.repo, args.milestone)
        notes = render(args.milestone, merged_prs(session, args.repo, number))
    except (requests.RequestException, LookupError, RuntimeError) as exc:
        log.error("%s", exc)
        return 1
    if args.output:
        with open(args.output, "w", encoding="utf-8") as fh:
            fh.write(notes)
        log.info("wrote %s", args.output)
    else:
        sys.stdout.write(notes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
