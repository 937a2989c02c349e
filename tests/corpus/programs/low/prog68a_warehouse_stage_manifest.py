#!/usr/bin/env python3
"""Validate a local staging directory before a warehouse COPY INTO.

Checks that every staged CSV/Parquet file is non-empty, builds a manifest
with per-file checksums (used as cache keys by the loader), and confirms the
stage's HTTP endpoint answers from this worker before the load is scheduled.

    python warehouse_stage_manifest.py ./stage/orders --stage-url https://stage.dwh.example.com/health
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("stage_manifest")

STAGE_SUFFIXES = {".csv", ".parquet", ".csv.gz", ".json"}
DEFAULT_STAGE_URL = os.environ.get("STAGE_HEALTH_URL", "https://stage.dwh.example.com/health")


def iter_stage_files(root: Path):
    for path in sorted(root.rglob("*")):
        if path.is_file() and "".join(path.suffixes[-2:]) in STAGE_SUFFIXES | {path.suffix}:
            yield path


def checksum(path: Path, chunk=1 << 20) -> str:
    h = hashlib.md5()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def build_manifest(root: Path) -> dict:
    entries, problems = [], []
    for path in iter_stage_files(root):
        size = path.stat().st_size
        if size == 0:
            problems.append(f"empty file: {path}")
            continue
        entries.append({"path": str(path.relative_to(root)), "bytes": size, "md5": checksum(path)})
    return {"root": str(root), "files": entries, "problems": problems, "built_at": time.time()}


def check_endpoint(url: str, attempts: int = 3, timeout: float = 10.0) -> bool:
    """HEAD the stage health URL; any 2xx/3xx counts as reachable."""
    req = urllib.request.Request(url, method="HEAD",
                                 headers={"User-Agent": "stage-manifest/1.2"})
    for attempt in range(1, attempts + 1):
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                log.info("stage endpoint %s -> %s", url, resp.status)
                return resp.status < 400
        except urllib.error.HTTPError as exc:
            log.warning("stage endpoint returned %s", exc.code)
            return False
        except (urllib.error.URLError, TimeoutError) as exc:
            log.warning("attempt %d: %s", attempt, exc)
            time.sleep(attempt * 2)
    return False


def write_manifest(manifest: dict, target: Path) -> None:
    target.write_text(json.dumps(manifest, indent=2))
    os.chmod(target, 0o600)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("stage_dir", type=Path)
    p.add_argument("--stage-url", default=DEFAULT_STAGE_URL)
    p.add_argument("--manifest", type=Path, default=Path("stage_manifest.json"))
    p.add_argument("--skip-endpoint-check", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.stage_dir.is_dir():
        log.error("%s is not a directory", args.stage_dir)
        return 2

    manifest = build_manifest(args.stage_dir)
    write_manifest(manifest, args.manifest)
    log.info("manifest: %d files, %d problems -> %s",
             len(manifest["files"]), len(manifest["problems"]), args.manifest)
    for problem in manifest["problems"]:
        log.warning(problem)

    if not args.skip_endpoint_check and not check_endpoint(args.stage_url):
        log.error("stage endpoint unreachable from this worker")
        return 1
    return 1 if manifest["problems"] else 0


if __name__ == "__main__":
    sys.exit(main())
