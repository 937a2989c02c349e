#!/usr/bin/env python3
"""Plan (and optionally apply) tag pruning on a Docker Registry v2.

For each repository, tags matching a keep pattern (release tags by default)
are always kept; of the rest, the newest --keep by image creation date
survive.  Without --apply the tool only writes prune-plan.json so the plan
can be reviewed in the MR before the registry's own GC runs.
"""
import argparse
import hashlib
import json
import logging
import os
import re
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("tag-pruner")

MANIFEST_TYPES = ", ".join([
    "application/vnd.oci.image.manifest.v1+json",
    "application/vnd.docker.distribution.manifest.v2+json",
])
CACHE_DIR = Path(".prune-cache")
CACHE_TTL = 3600


class Registry:
    def __init__(self, base, token=None):
        self.base = base.rstrip("/")
        self.s = requests.Session()
        if token:
            self.s.headers["Authorization"] = f"Bearer {token}"

    def _cached_get(self, url, **kw):
        CACHE_DIR.mkdir(exist_ok=True)
        key = hashlib.md5(url.encode()).hexdigest()
        path = CACHE_DIR / f"{key}.json"
        if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
            return json.loads(path.read_text())
        resp = self.s.get(url, timeout=30, **kw)
        resp.raise_for_status()
        data = resp.json()
        path.write_text(json.dumps(data))
        return data

    def tags(self, repo):
        return self._cached_get(f"{self.base}/v2/{repo}/tags/list").get("tags") or []

    def digest(self, repo, tag):
        r = self.s.head(f"{self.base}/v2/{repo}/manifests/{tag}",
                        headers={"Accept": MANIFEST_TYPES}, timeout=30)
        r.raise_for_status()
        return r.headers.get("Docker-Content-Digest")

    def created(self, repo, tag):
        manifest = self._cached_get(f"{self.base}/v2/{repo}/manifests/{tag}", headers={"Accept": MANIFEST_TYPES})
        cfg_digest = manifest.get("config", {}).get("digest")
        if not cfg_digest:
            return ""
        cfg = self._cached_get(f"{self.base}/v2/{repo}/blobs/{cfg_digest}")
        return cfg.get("created", "")

    def delete(self, repo, digest):
        r = self.s.delete(f"{self.base}/v2/{repo}/manifests/{digest}", timeout=30)
        if r.status_code not in (202, 404):
            r.raise_for_status()


def plan_repo(reg, repo, keep, keep_re):
    tags = reg.tags(repo)
    candidates = []
    for tag in tags:
        if keep_re.search(tag):
            continue
        try:
            candidates.append((reg.created(repo, tag), tag))
        except requests.RequestException as exc:
            log.warning("%s:%s skipped (%s)", repo, tag, exc)
    candidates.sort(reverse=True)
    return [tag for _, tag in candidates[keep:]]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--registry", default=os.environ.get("REGISTRY_URL", "https://registry.corp.example"))
    ap.add_argument("repos", nargs="+")
    ap.add_argument("--keep", type=int, default=10)
    ap.add_argument("--keep-pattern", default=r"^v?\d+\.\d+\.\d+$")
    ap.add_argument("--plan", type=Path, default=Path("prune-plan.json"))
    ap.add_argument("--apply", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    reg = Registry(args.registry, os.environ.get("REGISTRY_TOKEN"))
    keep_re = re.compile(args.keep_pattern)
    plan = {}
    for repo in args.repos:
        try:
            plan[repo] = plan_repo(reg, repo, args.keep, keep_re)
        except requests.RequestException as exc:
            log.error("%s: %s", repo, exc)
            return 1
        log.info("%s: %d tags to prune", repo, len(plan[repo]))
    args.plan.write_text(json.dumps(plan, indent=2))

    if not args.apply:
        log.info("plan written to %s (use --apply to delete)", args.plan)
        return 0
    for repo, tags in plan.items():
        for tag in tags:
            digest = reg.digest(repo, tag)
            if digest:
                reg.delete(repo, digest)
                log.info("deleted %s:%s (%s)", repo, tag, digest[:19])
    return 0


if __name__ == "__main__":
    sys.exit(main())
