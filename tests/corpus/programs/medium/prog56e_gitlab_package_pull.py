#!/usr/bin/env python3
"""Pull a build bundle from the GitLab generic package registry and unpack it.

Used by downstream pipelines that reuse the frontend bundle built upstream.
The on-prem GitLab uses a certificate from a private CA that runners don't
trust, so TLS verification is switchable from the config file.
"""
import argparse
import configparser
import logging
import os
import tarfile
from pathlib import Path

import requests
import urllib3

LOG = logging.getLogger("pkg-pull")

DEFAULTS = {
    "api": "https://gitlab.corp.example/api/v4",
    "verify_tls": "false",
    "dest": "vendor/bundle",
}


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg["registry"] = DEFAULTS
    if path and Path(path).exists():
        cfg.read(path)
    return cfg["registry"]


class PackageClient:
    def __init__(self, api, token, verify):
        self.api = api.rstrip("/")
        self.session = requests.Session()
        self.session.verify = verify
        if token:
            self.session.headers["JOB-TOKEN"] = token
        if not verify:
            urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def download(self, project, name, version, filename, target):
        url = (f"{self.api}/projects/{project}/packages/generic/"
               f"{name}/{version}/{filename}")
        LOG.info("GET %s", url)
        with self.session.get(url, stream=True, timeout=60) as resp:
            resp.raise_for_status()
            with open(target, "wb") as fh:
                for chunk in resp.iter_content(chunk_size=1 << 16):
                    fh.write(chunk)
        return target


def unpack(archive, dest):
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:*") as tar:
        members = tar.getmembers()
        LOG.info("extracting %d members into %s", len(members), dest)
        tar.extractall(dest)
    return len(members)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="ci/package-pull.ini")
    ap.add_argument("--project", required=True, help="numeric project id")
    ap.add_argument("--name", default="frontend-bundle")
    ap.add_argument("--version", default=os.environ.get("BUNDLE_VERSION", "latest"))
    ap.add_argument("--keep-archive", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    cfg = load_config(args.config)
    verify = cfg.getboolean("verify_tls")
    client = PackageClient(cfg["api"], os.environ.get("CI_JOB_TOKEN"), verify)
    filename = f"{args.name}-{args.version}.tar.gz"
    archive = Path(filename)
    dest = Path(cfg["dest"])

    try:
        client.download(args.project, args.name, args.version, filename, archive)
    except requests.HTTPError as exc:
        LOG.error("download failed: %s", exc)
        return 1
    try:
        count = unpack(archive, dest)
    except tarfile.TarError as exc:
        LOG.error("bad archive: %s", exc)
        return 1
    finally:
        if not args.keep_archive and archive.exists():
            archive.unlink()
    LOG.info("bundle %s@%s ready: %d files", args.name, args.version, count)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
