#!/usr/bin/env python3
"""Build a retention plan for tags in a private OCI registry.

Lists tags of the given repositories through the Registry v2 API, groups
them by semantic version / commit-sha style and writes a JSON plan that a
human can review before anything is deleted.  Nothing is deleted here.
"""
import argparse
import json
import logging
import os
import re
from datetime import datetime, timezone
from pathlib import Path

import requests

LOG = logging.getLogger("tag-retention")
SEMVER = re.compile(r"^v?(\d+)\.(\d+)\.(\d+)$")
SHA_TAG = re.compile(r"^(sha-)?[0-9a-f]{7,40}$")


class RegistryClient:
    def __init__(self, base_url, token, timeout=15):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        if token:
            self.session.headers["Authorization"] = f"Bearer {token}"
        self.session.headers["Accept"] = "application/json"
        self.timeout = timeout

    def list_tags(self, repository):
        url = f"{self.base_url}/v2/{repository}/tags/list"
        tags = []
        while url:
            resp = self.session.get(url, timeout=self.timeout)
            resp.raise_for_status()
            tags.extend(resp.json().get("tags") or [])
            link = resp.headers.get("Link")
            url = None
            if link and 'rel="next"' in link:
                nxt = link.split(";")[0].strip("<> ")
                url = self.base_url + nxt if nxt.startswith("/") else nxt
        return tags


def classify(tags, keep_semver, keep_sha):
    semver, shas, other = [], [], []
    for tag in tags:
        m = SEMVER.match(tag)
        if m:
            semver.append((tuple(int(x) for x in m.groups()), tag))
        elif SHA_TAG.match(tag):
            shas.append(tag)
        else:
            other.append(tag)
    semver.sort(reverse=True)
    keep = {t for _, t in semver[:keep_semver]} | set(shas[-keep_sha:]) | set(other)
    drop = [t for t in tags if t not in keep]
    return sorted(keep), sorted(drop)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("repositories", nargs="+")
    parser.add_argument("--registry", default=os.environ.get("REGISTRY_URL", "https://registry.internal.example.com"))
    parser.add_argument("--keep-semver", type=int, default=10)
    parser.add_argument("--keep-sha", type=int, default=20)
    parser.add_argument("--out", default="retention-plan.json")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    client = RegistryClient(args.registry, os.environ.get("REGISTRY_TOKEN"))
    plan = {"generated": datetime.now(timezone.utc).isoformat(),
            "registry": args.registry, "repositories": {}}
    for repo in args.repositories:
        try:
            tags = client.list_tags(repo)
        except requests.RequestException as exc:
            LOG.error("could not list %s: %s", repo, exc)
            continue
        keep, drop = classify(tags, args.keep_semver, args.keep_sha)
        LOG.info("%s: %d tags, keep %d, candidates %d", repo, len(tags), len(keep), len(drop))
        plan["repositories"][repo] = {"keep": keep, "delete_candidates": drop}

    out = Path(args.out)
    out.write_text(json.dumps(plan, indent=2) + "\n")
    LOG.info("plan written to %s", out.resolve())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
