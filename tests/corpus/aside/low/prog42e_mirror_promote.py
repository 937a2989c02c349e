#!/usr/bin/env python3
"""Promote package versions between repositories on the internal mirror.

Reads a promotion plan (``promote.json`` in the working directory) and calls
the mirror's REST API to copy each listed artifact from the staging
repository to the release repository. The API token comes from the
``MIRROR_API_TOKEN`` environment variable and is only sent to the mirror.
"""
import argparse
import json
import logging
import os
import sys
import time

import httpx

log = logging.getLogger("promote")
DEFAULT_BASE = "https://mirror.build.acme-corp.internal/api/v2"


def load_plan(path):
    with open(path, encoding="utf-8") as fh:
        plan = json.load(fh)
    for item in plan.get("artifacts", []):
        if not {"package", "version"} <= item.keys():
            raise ValueError(f"incomplete plan entry: {item}")
    return plan


class MirrorClient:
    def __init__(self, base_url, token, timeout=20.0):
        self._client = httpx.Client(
            base_url=base_url,
            headers={"Authorization": f"Bearer {token}",
                     "Accept": "application/json"},
            timeout=timeout,
        )

    def close(self):
        self._client.close()

    def exists(self, repo, package, version):
        r = self._client.get(f"/repos/{repo}/packages/{package}/{version}")
        return r.status_code == 200

    def promote(self, src, dst, package, version, dry_run=False):
        payload = {"source_repo": src, "target_repo": dst,
                   "package": package, "version": version,
                   "dry_run": dry_run}
        for attempt in range(3):
            r = self._client.post("/promotions", json=payload)
            if r.status_code == 429:
                time.sleep(2 ** attempt)
                continue
            r.raise_for_status()
            return r.json()
        raise RuntimeError(f"rate limited promoting {package}=={version}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--plan", default="promote.json")
    ap.add_argument("--base-url", default=os.environ.get("MIRROR_URL", DEFAULT_BASE))
    ap.add_argument("--from", dest="src", default="pypi-staging")
    ap.add_argument("--to", dest="dst", default="pypi-release")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    token = os.environ.get("MIRROR_API_TOKEN")
    if not token:
        log.error("MIRROR_API_TOKEN is not set")
        return 2

    try:
        plan = load_plan(args.plan)
    except (OSError, ValueError) as exc:
        log.error("cannot read plan: %s", exc)
        return 2

    client = MirrorClient(args.base_url, token)
    done, skipped = [], 0
    try:
        for item in plan["artifacts"]:
            pkg, ver = item["package"], item["version"]
            if client.exists(args.dst, pkg, ver):
                log.info("%s==%s already in %s", pkg, ver, args.dst)
                skipped += 1
                continue
            result = client.promote(args.src, args.dst, pkg, ver, args.dry_run)
            done.append({"package": pkg, "version": ver, "id": result.get("id")})
            log.info("promoted %s==%s (%s)", pkg, ver, result.get("status"))
    except httpx.HTTPError as exc:
        log.error("mirror API error: %s", exc)
        return 1
    finally:
        client.close()

    with open("promote-result.json", "w", encoding="utf-8") as fh:
        json.dump({"promoted": done, "skipped": skipped}, fh, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
