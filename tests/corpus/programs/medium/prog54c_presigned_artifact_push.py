#!/usr/bin/env python3
"""Push build artifacts through the release service's presigned uploads.

The release service (internal, self-signed certificate) hands out a presigned
PUT URL per artifact; this tool packs ./dist into a tarball and uploads it.
"""
import argparse
import hashlib
import logging
import os
import tarfile
import time
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("artifact-push")
RELEASE_API = os.environ.get("RELEASE_API", "https://releases.build.internal:8443")

# the internal CA is not in the container trust store
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def pack(dist: Path, out: Path) -> Path:
    with tarfile.open(out, "w:gz") as tar:
        for item in sorted(dist.iterdir()):
            if item.name.startswith("."):
                continue
            tar.add(item, arcname=f"dist/{item.name}")
    return out


def sha256sum(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        while chunk := fh.read(1 << 20):
            h.update(chunk)
    return h.hexdigest()


class ReleaseClient:
    def __init__(self, base: str, api_key: str):
        self.base = base.rstrip("/")
        self.http = requests.Session()
        self.http.verify = False
        self.http.headers["X-Api-Key"] = api_key

    def presign(self, project: str, version: str, name: str, checksum: str) -> dict:
        resp = self.http.post(f"{self.base}/v1/projects/{project}/uploads",
                              json={"version": version, "filename": name,
                                    "sha256": checksum},
                              timeout=30)
        resp.raise_for_status()
        return resp.json()

    def put(self, url: str, headers: dict, path: Path, retries: int = 3) -> None:
        for attempt in range(1, retries + 1):
            try:
                with path.open("rb") as fh:
                    r = requests.put(url, data=fh, headers=headers,
                                     timeout=300, verify=False)
                r.raise_for_status()
                return
            except requests.RequestException as exc:
                log.warning("upload attempt %d failed: %s", attempt, exc)
                if attempt == retries:
                    raise
                time.sleep(2 ** attempt)


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("project")
    p.add_argument("version")
    p.add_argument("--dist", type=Path, default=Path("dist"))
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    key = os.environ.get("RELEASE_API_KEY")
    if not key:
        log.error("RELEASE_API_KEY missing")
        return 2
    if not args.dist.is_dir() or not any(args.dist.iterdir()):
        log.error("nothing to upload in %s", args.dist)
        return 1

    tarball = pack(args.dist, Path(f"{args.project}-{args.version}.tar.gz"))
    checksum = sha256sum(tarball)
    client = ReleaseClient(RELEASE_API, key)
    grant = client.presign(args.project, args.version, tarball.name, checksum)
    client.put(grant["url"], grant.get("headers", {}), tarball)
    log.info("uploaded %s (%s)", tarball.name, checksum[:12])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
