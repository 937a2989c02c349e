#!/usr/bin/env python3
"""Publish a locally built .box file to Vagrant Cloud (HCP Vagrant registry).

Steps: create version -> create provider -> request upload URL ->
PUT the box -> release.  The API token is read from VAGRANT_CLOUD_TOKEN and
is only ever sent to the Vagrant Cloud API host.
"""
import argparse
import hashlib
import logging
import os
import sys
from pathlib import Path

import requests

API = "https://app.vagrantup.com/api/v1"
log = logging.getLogger("box-publish")


class VagrantCloudError(RuntimeError):
    pass


class VagrantCloud:
    def __init__(self, token: str, org: str, box: str, timeout: int = 30):
        self.base = f"{API}/box/{org}/{box}"
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "Content-Type": "application/json",
            "User-Agent": "box-publish/1.4",
        })

    def _call(self, method: str, path: str, **kw):
        url = self.base + path
        resp = self.session.request(method, url, timeout=self.timeout, **kw)
        if resp.status_code >= 400:
            raise VagrantCloudError(f"{method} {url}: {resp.status_code} {resp.text[:200]}")
        return resp.json() if resp.content else {}

    def ensure_version(self, version: str, description: str) -> None:
        try:
            self._call("GET", f"/version/{version}")
            log.info("version %s already exists", version)
        except VagrantCloudError:
            self._call("POST", "/versions",
                       json={"version": {"version": version, "description": description}})
            log.info("created version %s", version)

    def ensure_provider(self, version: str, provider: str, checksum: str, arch: str) -> None:
        body = {"provider": {"name": provider, "checksum": checksum,
                             "checksum_type": "sha256", "architecture": arch}}
        try:
            self._call("GET", f"/version/{version}/provider/{provider}/{arch}")
            self._call("PUT", f"/version/{version}/provider/{provider}/{arch}", json=body)
        except VagrantCloudError:
            self._call("POST", f"/version/{version}/providers", json=body)
        log.info("provider %s/%s registered", provider, arch)

    def upload_url(self, version: str, provider: str, arch: str) -> str:
        data = self._call("GET", f"/version/{version}/provider/{provider}/{arch}/upload")
        return data["upload_path"]

    def release(self, version: str) -> None:
        self._call("PUT", f"/version/{version}/release")
        log.info("released %s", version)


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def put_box(upload_path: str, box: Path, timeout: int) -> None:
    # The upload URL is pre-signed; no credentials are attached to it.
    with box.open("rb") as fh:
        resp = requests.put(upload_path, data=fh, timeout=timeout,
                            headers={"Content-Type": "application/octet-stream"})
    resp.raise_for_status()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("box", type=Path, help="path to the .box built in this repo")
    p.add_argument("--org", required=True)
    p.add_argument("--name", required=True)
    p.add_argument("--version", required=True)
    p.add_argument("--provider", default="libvirt", choices=["libvirt", "virtualbox", "vmware_desktop"])
    p.add_argument("--arch", default="amd64")
    p.add_argument("--description", default="Automated build")
    p.add_argument("--no-release", action="store_true")
    p.add_argument("--timeout", type=int, default=1800)
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="[%(levelname)s] %(message)s")

    token = os.environ.get("VAGRANT_CLOUD_TOKEN")
    if not token:
        log.error("VAGRANT_CLOUD_TOKEN is not set")
        return 2
    if not args.box.is_file():
        log.error("box file %s not found", args.box)
        return 2

    checksum = sha256_file(args.box)
    log.info("%s sha256=%s", args.box.name, checksum)
    cloud = VagrantCloud(token, args.org, args.name)
    try:
        cloud.ensure_version(args.version, args.description)
        cloud.ensure_provider(args.version, args.provider, checksum, args.arch)
        url = cloud.upload_url(args.version, args.provider, args.arch)
        log.info("uploading %.1f MiB", args.box.stat().st_size / 2**20)
        put_box(url, args.box, args.timeout)
        if not args.no_release:
            cloud.release(args.version)
    except (VagrantCloudError, requests.RequestException) as exc:
        log.error("publish failed: %s", exc)
        return 1
    log.info("https://app.vagrantup.com/%s/boxes/%s", args.org, args.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
