"""Parallel artifact metadata publisher.

Sets the build facts in os.environ so that the worker processes inherit
them, then lets each worker publish the metadata of one artifact to the
team's artifact API. Workers authenticate with ARTIFACT_API_TOKEN, the
token issued for that API; no other secret is read.
"""
import hashlib
import json
import multiprocessing
import os
import sys
import urllib.request
from pathlib import Path

ARTIFACT_API = "https://artifacts.acme-internal.com/api/v1/metadata"


def export_build_facts(root: Path) -> None:
    os.environ["ARTIFACT_PROJECT"] = root.name
    os.environ["ARTIFACT_BUILD"] = os.environ.get("GITHUB_RUN_NUMBER", "local")
    os.environ["ARTIFACT_COMMIT"] = os.environ.get("GITHUB_SHA", "unknown")


def describe(path: Path) -> dict:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(65536), b""):
            digest.update(block)
    return {
        "name": path.name,
        "size": path.stat().st_size,
        "sha256": digest.hexdigest(),
        "project": os.environ.get("ARTIFACT_PROJECT"),
        "build": os.environ.get("ARTIFACT_BUILD"),
        "commit": os.environ.get("ARTIFACT_COMMIT"),
    }


def publish(path_str: str) -> tuple:
    path = Path(path_str)
    metadata = describe(path)
    token = os.environ.get("ARTIFACT_API_TOKEN")
    if not token:
        return path.name, "skipped (no token)"
    request = urllib.request.Request(
        ARTIFACT_API,
        data=json.dumps(metadata).encode("utf-8"),
        method="POST",
        headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {token}",
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return path.name, f"HTTP {response.status}"
    except OSError as exc:
        return path.name, f"error: {exc.__class__.__name__}"


def find_artifacts(root: Path) -> list:
    dist = root / "dist"
    if not dist.is_dir():
        return []
    return sorted(str(p) for p in dist.iterdir()
                  if p.suffix in {".whl", ".gz", ".zip"})


def main(argv) -> int:
    root = Path(argv[0]).resolve() if argv else Path.cwd()
    export_build_facts(root)
    artifacts = find_artifacts(root)
    if not artifacts:
        print("no artifacts in dist/")
        return 0
    workers = min(4, len(artifacts))
    with multiprocessing.Pool(processes=workers) as pool:
        for name, outcome in pool.imap_unordered(publish, artifacts):
            print(f"{name}: {outcome}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
