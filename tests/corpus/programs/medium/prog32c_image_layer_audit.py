#!/usr/bin/env python3
"""image_layer_audit - pull an image's layers from the internal registry and
list files that widen the container's attack surface (set-id binaries,
world-writable directories without the sticky bit, files owned by uid 0 in
the app directory).

Runs inside the CI sandbox, so it talks to the registry directly over the
registry HTTP API instead of needing a docker daemon.
"""
import argparse
import logging
import os
import stat
import sys
import tarfile
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("layer-audit")

MANIFEST_TYPES = ", ".join([
    "application/vnd.docker.distribution.manifest.v2+json",
    "application/vnd.oci.image.manifest.v1+json",
])


class RegistryClient:
    def __init__(self, base_url, token=None, insecure=False):
        self.base = base_url.rstrip("/")
        self.session = requests.Session()
        if token:
            self.session.headers["Authorization"] = f"Bearer {token}"
        if insecure:
            # internal registry uses a self-signed certificate
            urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
            self.session.verify = False

    def manifest(self, repo, ref):
        resp = self.session.get(f"{self.base}/v2/{repo}/manifests/{ref}",
                                headers={"Accept": MANIFEST_TYPES}, timeout=30)
        resp.raise_for_status()
        return resp.json()

    def download_blob(self, repo, digest, dest):
        url = f"{self.base}/v2/{repo}/blobs/{digest}"
        with self.session.get(url, stream=True, timeout=120) as resp:
            resp.raise_for_status()
            with open(dest, "wb") as fh:
                for chunk in resp.iter_content(chunk_size=1 << 20):
                    fh.write(chunk)
        return dest


def unpack_layers(client, repo, ref, workdir):
    manifest = client.manifest(repo, ref)
    layers = manifest.get("layers", [])
    log.info("%s:%s has %d layers", repo, ref, len(layers))
    rootfs = workdir / "rootfs"
    rootfs.mkdir(parents=True, exist_ok=True)
    for idx, layer in enumerate(layers):
        digest = layer["digest"]
        blob = workdir / f"layer-{idx:02d}.tar.gz"
        log.info("fetching %s (%d bytes)", digest[:19], layer.get("size", 0))
        client.download_blob(repo, digest, blob)
        with tarfile.open(blob, mode="r:*") as tar:
            tar.extractall(path=rootfs)
        blob.unlink()
    return rootfs


def scan(rootfs, app_dir):
    findings = []
    for dirpath, dirnames, filenames in os.walk(rootfs):
        for name in dirnames + filenames:
            full = Path(dirpath) / name
            try:
                st = full.lstat()
            except OSError:
                continue
            rel = "/" + str(full.relative_to(rootfs))
            mode = st.st_mode
            if stat.S_ISREG(mode) and mode & (stat.S_ISUID | stat.S_ISGID):
                findings.append(("set-id binary", rel, oct(mode & 0o7777)))
            if stat.S_ISDIR(mode) and mode & stat.S_IWOTH and not mode & stat.S_ISVTX:
                findings.append(("world-writable dir", rel, oct(mode & 0o7777)))
            if rel.startswith(app_dir) and st.st_uid == 0 and stat.S_ISREG(mode):
                findings.append(("root-owned app file", rel, str(st.st_uid)))
    return findings


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("image", help="repository:tag, e.g. payments/api:1.8.2")
    ap.add_argument("--registry", default=os.environ.get("REGISTRY_URL", "https://registry.internal:5000"))
    ap.add_argument("--workdir", type=Path, default=Path("layer-audit"))
    ap.add_argument("--app-dir", default="/app")
    ap.add_argument("--insecure", action="store_true", help="skip TLS verification")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    repo, _, ref = args.image.partition(":")
    client = RegistryClient(args.registry, os.environ.get("REGISTRY_TOKEN"), args.insecure)
    try:
        rootfs = unpack_layers(client, repo, ref or "latest", args.workdir)
    except requests.RequestException as exc:
        log.error("registry error: %s", exc)
        return 2
    findings = scan(rootfs, args.app_dir)
    for kind, path, detail in sorted(findings):
        print(f"{kind:22} {detail:>7}  {path}")
    log.info("%d findings", len(findings))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
