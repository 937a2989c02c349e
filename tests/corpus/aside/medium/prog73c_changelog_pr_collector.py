#!/usr/bin/env python3
"""Collect merged pull requests since the last release for the release notes.

Queries the GitHub GraphQL API for PRs merged into the default branch after
the most recent release tag, groups them by their ``changelog:*`` label and
prints a Markdown draft.  API responses are cached per query in
``.cache/pr-cache`` so re-running while editing the notes is instant.
"""
import argparse
import logging
import os
import shelve
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

import requests

log = logging.getLogger("pr-collector")

GRAPHQL = "https://api.github.com/graphql"
CACHE_PATH = Path(".cache") / "pr-cache"
CACHE_TTL = 15 * 60
QUERY = """
query($owner: String!, $name: String!, $q: String!, $after: String) {
  search(query: $q, type: ISSUE, first: 100, after: $after) {
    pageInfo { hasNextPage endCursor }
    nodes { ... on PullRequest {
      number title url mergedAt
      author { login }
      labels(first: 20) { nodes { name } }
    } }
  }
}
"""
CATEGORIES = {
    "changelog:breaking": "Breaking changes",
    "changelog:feature": "New features",
    "changelog:fix": "Bug fixes",
    "changelog:docs": "Documentation",
    "changelog:internal": None,  # left out of the notes
}


def last_release_tag():
    out = subprocess.check_output(
        ["git", "describe", "--tags", "--abbrev=0", "--match", "v[0-9]*"], text=True)
    return out.strip()


def tag_date(tag):
    return subprocess.check_output(
        ["git", "log", "-1", "--format=%cI", tag], text=True).strip()


class PRSource:
    def __init__(self, repo, token, use_cache=True):
        self.owner, self.name = repo.split("/", 1)
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"bearer {token}",
                                     "User-Agent": "libquill-release-notes"})
        self.use_cache = use_cache

    def _query(self, variables):
        for attempt in range(4):
            resp = self.session.post(GRAPHQL, json={"query": QUERY, "variables": variables},
                                     timeout=30)
            if resp.status_code in (502, 503) or "errors" in resp.json():
                log.warning("GraphQL attempt %d failed, retrying", attempt + 1)
                time.sleep(2 ** attempt)
                continue
            resp.raise_for_status()
            return resp.json()["data"]["search"]
        raise RuntimeError("GitHub GraphQL API kept failing")

    def merged_since(self, since, branch):
        q = f"repo:{self.owner}/{self.name} is:pr is:merged base:{branch} merged:>{since}"
        CACHE_PATH.parent.mkdir(exist_ok=True)
        with shelve.open(str(CACHE_PATH)) as cache:
            entry = cache.get(q)
            if self.use_cache and entry and time.time() - entry["at"] < CACHE_TTL:
                log.info("using cached result (%d PRs)", len(entry["prs"]))
                return entry["prs"]
            prs, after = [], None
            while True:
                page = self._query({"owner": self.owner, "name": self.name,
                                    "q": q, "after": after})
                prs.extend(n for n in page["nodes"] if n)
                if not page["pageInfo"]["hasNextPage"]:
                    break
                after = page["pageInfo"]["endCursor"]
            cache[q] = {"at": time.time(), "prs": prs}
        return prs


def render(prs, next_version):
    groups = defaultdict(list)
    for pr in sorted(prs, key=lambda p: p["mergedAt"]):
        labels = {n["name"] for n in pr["labels"]["nodes"]}
        cat = next((c for c in CATEGORIES if c in labels), None)
        if cat is not None and CATEGORIES[cat] is None:
            continue
        title = CATEGORIES.get(cat) or "Other changes"
        who = (pr.get("author") or {}).get("login", "ghost")
        groups[title].append(f"- {pr['title']} ([#{pr['number']}]({pr['url']}), @{who})")
    order = [t for t in CATEGORIES.values() if t] + ["Other changes"]
    out = [f"## {next_version}", ""]
    for title in order:
        if groups.get(title):
            out += [f"### {title}", "", *groups[title], ""]
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("next_version")
    ap.add_argument("--repo", default=os.environ.get("GITHUB_REPOSITORY", "libquill/libquill"))
    ap.add_argument("--branch", default="main")
    ap.add_argument("--since", help="ISO date; defaults to the last release tag's date")
    ap.add_argument("--refresh", action="store_true", help="ignore the local cache")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("GITHUB_TOKEN") or os.environ.get("GH_TOKEN")
    if not token:
        log.error("set GITHUB_TOKEN or GH_TOKEN")
        return 2
    try:
        since = args.since or tag_date(last_release_tag())
    except subprocess.CalledProcessError:
        log.error("no release tag found; pass --since")
        return 2

    prs = PRSource(args.repo, token, use_cache=not args.refresh).merged_since(since, args.branch)
    log.info("%d PRs merged since %s", len(prs), since)
    print(render(prs, args.next_version))
    return 0


if __name__ == "__main__":
    sys.exit(main())
