#!/usr/bin/env python3
"""Register build artifacts with the artifact registry.

Hashes everything under ./dist, builds a manifest and POSTs it as JSON to the
registry API.  The registry token is read from ARTIFACT_REGISTRY_TOKEN and is
only ever sent to the registry itself.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

logger = logging.getLogger("artifact-publish")


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        while chunk := fh.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def collect_artifacts(dist: Path):
    entries = []
    for item in sorted(dist.iterdir()):
        if item.is_file() and not item.name.startswith("."):
            entries.append({"name": item.name, "size": item.stat().st_size,
                            "sha256": sha256_of(item)})
    return entries


def build_manifest(entries, args):
    return {
        "project": args.project,
        "version": args.version,
        "commit": os.environ.get("CI_COMMIT_SHA", "unknown"),
        "pipeline": os.environ.get("CI_PIPELINE_ID"),
        "created": datetime.now(timezone.utc).isoformat(),
        "artifacts": entries,
    }


class RegistryClient:
    def __init__(self, base_url: str, token: str, timeout: float = 20.0):
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.timeout = timeout

    def register(self, manifest: dict) -> dict:
        body = json.dumps(manifest).encode()
        req = urllib.request.Request(
            f"{self.base_url}/v1/projects/{manifest['project']}/releases",
            data=body, method="POST",
            headers={"Content-Type": "application/json",
                     "Authorization": f"Bearer {self.token}"})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.loads(resp.read() or b"{}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--dist", type=Path, default=Path("dist"))
    p.add_argument("--project", required=True)
    p.add_argument("--version", required=True)
    p.add_argument("--registry", default=os.environ.get(
        "ARTIFACT_REGISTRY_URL", "https://artifacts.example.com/api"))
    p.add_argument("--write-only", action="store_true",
                   help="write manifest.json locally and skip registration")
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.dist.is_dir():
        logger.error("dist directory %s missing", args.dist)
        return 1
    manifest = build_manifest(collect_artifacts(args.dist), args)
    Path("manifest.json").write_text(json.dumps(manifest, indent=2))
    if args.write_only:
        return 0
    token = os.environ.get("ARTIFACT_REGISTRY_TOKEN")
    if not token:
        logger.error("ARTIFACT_REGISTRY_TOKEN is not set")
        return 1
    try:
        result = RegistryClient(args.registry, token).register(manifest)
    except urllib.error.HTTPError as err:
        logger.error("registry rejected manifest: %s %s", err.code, err.reason)
        return 3
    logger.info("registered release %s (%d artifacts)",
                result.get("id", "?"), len(manifest["artifacts"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
