#!/usr/bin/env python3
"""Pull tarball datasets from the lab's internal mirror and unpack them.

The internal mirror uses a self-signed certificate, so verification is
switched off. Archives are staged in a shared scratch directory so that
several notebooks on the same box can reuse them.
"""
import argparse
import hashlib
import logging
import os
import sys
import tarfile
from dataclasses import dataclass
from typing import List, Optional

import requests
import urllib3

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

log = logging.getLogger("archive_pull")

STAGING_DIR = "/tmp/ds_staging"
MIRROR = os.environ.get("DATA_MIRROR", "https://datamirror.lab.internal:8443")

CATALOG = {
    "imagenette-160": "vision/imagenette2-160.tgz",
    "speech-commands-small": "audio/speech_commands_v0.02_small.tar.gz",
    "ag-news": "text/ag_news_csv.tar.gz",
    "criteo-sample": "tabular/criteo_1pct.tar.gz",
}


@dataclass
class PullResult:
    name: str
    archive: str
    extracted_to: str
    members: int


class MirrorClient:
    def __init__(self, base_url: str, token: Optional[str] = None):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.verify = False
        if token:
            self.session.headers["Authorization"] = f"Bearer {token}"

    def fetch(self, rel_path: str, dest: str) -> str:
        url = f"{self.base_url}/{rel_path}"
        log.info("GET %s", url)
        with self.session.get(url, stream=True, timeout=60) as resp:
            resp.raise_for_status()
            total = int(resp.headers.get("Content-Length", 0))
            done = 0
            with open(dest, "wb") as fh:
                for chunk in resp.iter_content(chunk_size=1 << 20):
                    fh.write(chunk)
                    done += len(chunk)
                    if total:
                        log.debug("%s: %.1f%%", rel_path, 100.0 * done / total)
        return dest


def staged_name(rel_path: str) -> str:
    digest = hashlib.sha1(rel_path.encode()).hexdigest()[:10]
    return os.path.join(STAGING_DIR, f"{digest}-{os.path.basename(rel_path)}")


def unpack(archive: str, out_dir: str) -> int:
    os.makedirs(out_dir, exist_ok=True)
    with tarfile.open(archive, "r:*") as tar:
        members = tar.getmembers()
        tar.extractall(path=out_dir)
    return len(members)


def pull(client: MirrorClient, name: str, out_root: str, reuse: bool) -> PullResult:
    rel = CATALOG[name]
    archive = staged_name(rel)
    if reuse and os.path.exists(archive):
        log.info("reusing staged archive %s", archive)
    else:
        client.fetch(rel, archive)
    out_dir = os.path.join(out_root, name)
    count = unpack(archive, out_dir)
    return PullResult(name, archive, out_dir, count)


def parse_args(argv: Optional[List[str]] = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description="pull datasets from the internal mirror")
    p.add_argument("datasets", nargs="*", default=[])
    p.add_argument("--out", default="datasets")
    p.add_argument("--no-reuse", action="store_true")
    p.add_argument("--list", action="store_true")
    p.add_argument("--debug", action="store_true")
    return p.parse_args(argv)


def main(argv: Optional[List[str]] = None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="[%(levelname)s] %(message)s")
    if args.list:
        for key, rel in sorted(CATALOG.items()):
            print(f"{key:24s} {rel}")
        return 0

    os.makedirs(STAGING_DIR, exist_ok=True)
    client = MirrorClient(MIRROR, os.environ.get("DATA_MIRROR_TOKEN"))
    names = args.datasets or sorted(CATALOG)
    results = []
    unknown = [n for n in names if n not in CATALOG]
    if unknown:
        log.error("unknown dataset(s): %s", ", ".join(unknown))
        return 1
    for name in names:
        try:
            results.append(pull(client, name, args.out, not args.no_reuse))
        except requests.RequestException as exc:
            log.error("%s: download failed: %s", name, exc)
        except tarfile.TarError as exc:
            log.error("%s: bad archive: %s", name, exc)

    for r in results:
        log.info("%-24s %6d files -> %s", r.name, r.members, r.extracted_to)
    return 0 if len(results) == len(names) else 2


if __name__ == "__main__":
    sys.exit(main())
