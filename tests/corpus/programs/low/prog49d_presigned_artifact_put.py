#!/usr/bin/env python3
"""Upload build artifacts from ./dist using S3 presigned PUT URLs.

The CI system hands us a JSON manifest (upload_urls.json) mapping artifact
names to presigned URLs; no AWS credentials are needed on this machine.
"""
import argparse
import hashlib
import json
import logging
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import requests

log = logging.getLogger("artifact-put")


@dataclass
class Upload:
    path: Path
    url: str
    content_type: str = "application/octet-stream"

    @property
    def sha256(self) -> str:
        h = hashlib.sha256()
        with self.path.open("rb") as fh:
            for block in iter(lambda: fh.read(1 << 16), b""):
                h.update(block)
        return h.hexdigest()


TYPES = {".whl": "application/zip", ".gz": "application/gzip", ".json": "application/json"}


def plan(dist: Path, manifest: Path) -> list[Upload]:
    urls = json.loads(manifest.read_text())
    jobs = []
    for name, url in urls.items():
        candidate = dist / name
        if not candidate.is_file():
            log.warning("manifest lists %s but it is missing from %s", name, dist)
            continue
        jobs.append(Upload(candidate, url, TYPES.get(candidate.suffix, "application/octet-stream")))
    return jobs


def put_one(session: requests.Session, job: Upload, retries: int) -> bool:
    for attempt in range(1, retries + 1):
        with job.path.open("rb") as body:
            try:
                resp = session.put(job.url, data=body, timeout=60,
                                   headers={"Content-Type": job.content_type})
            except requests.RequestException as exc:
                log.warning("%s attempt %d: %s", job.path.name, attempt, exc)
                time.sleep(2 ** attempt)
                continue
        if resp.status_code in (200, 204):
            log.info("uploaded %s (etag %s)", job.path.name, resp.headers.get("ETag"))
            return True
        log.warning("%s attempt %d: HTTP %s", job.path.name, attempt, resp.status_code)
        if resp.status_code == 403:
            log.error("presigned URL for %s has expired", job.path.name)
            return False
        time.sleep(2 ** attempt)
    return False


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dist", type=Path, default=Path("dist"))
    ap.add_argument("--manifest", type=Path, default=Path("upload_urls.json"))
    ap.add_argument("--retries", type=int, default=3)
    ap.add_argument("--checksums", type=Path, default=Path("dist/SHA256SUMS"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    jobs = plan(args.dist, args.manifest)
    if not jobs:
        log.error("no artifacts to upload")
        return 1

    lines = [f"{job.sha256}  {job.path.name}" for job in jobs]
    args.checksums.write_text("\n".join(lines) + "\n")

    failed = []
    with requests.Session() as session:
        for job in jobs:
            if not put_one(session, job, args.retries):
                failed.append(job.path.name)
    if failed:
        log.error("failed: %s", ", ".join(failed))
        return 1
    log.info("all %d artifact(s) uploaded", len(jobs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
