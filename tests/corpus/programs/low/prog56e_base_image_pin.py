#!/usr/bin/env python3
"""Pick and pin a base image that matches the build host, then emit a Dockerfile.

Reads /etc/os-release and /proc/cpuinfo to choose a distro family and arch,
checks the tag exists on the registry with a HEAD request, and keys a local
build cache on an MD5 of the dependency manifests.
"""
import argparse
import hashlib
import logging
import shutil
from pathlib import Path

import requests

logger = logging.getLogger(__name__)

FAMILY_IMAGES = {
    "debian": "debian:bookworm-slim",
    "ubuntu": "ubuntu:24.04",
    "alpine": "alpine:3.20",
    "fedora": "fedora:40",
}
REGISTRY = "https://registry-1.docker.io"
CACHE_DIR = Path(".buildcache")
MANIFESTS = ("requirements.txt", "poetry.lock", "package-lock.json")


def parse_os_release(path="/etc/os-release"):
    info = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if "=" in line:
                key, _, value = line.strip().partition("=")
                info[key] = value.strip('"')
    return info


def cpu_flags(path="/proc/cpuinfo"):
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith(("flags", "Features")):
                return set(line.split(":", 1)[1].split())
    return set()


def choose_image(osr):
    for family in [osr.get("ID", "")] + osr.get("ID_LIKE", "").split():
        if family in FAMILY_IMAGES:
            return FAMILY_IMAGES[family]
    return FAMILY_IMAGES["debian"]


def tag_exists(image, session):
    repo, _, tag = image.partition(":")
    if "/" not in repo:
        repo = f"library/{repo}"
    url = f"{REGISTRY}/v2/{repo}/manifests/{tag or 'latest'}"
    try:
        resp = session.head(url, timeout=10)
    except requests.RequestException as exc:
        logger.warning("registry check failed: %s", exc)
        return None
    # 401 means the manifest exists but anonymous HEAD needs a token.
    return resp.status_code in (200, 401)


def cache_key():
    digest = hashlib.md5()
    for name in MANIFESTS:
        p = Path(name)
        if p.is_file():
            digest.update(p.read_bytes())
    return digest.hexdigest()[:16]


def prune_cache(keep):
    if not CACHE_DIR.is_dir():
        return
    for entry in CACHE_DIR.iterdir():
        if entry.is_dir() and entry.name != keep:
            logger.info("removing stale cache %s", entry)
            shutil.rmtree(entry)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--output", default="Dockerfile")
    ap.add_argument("--skip-check", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    osr = parse_os_release()
    image = choose_image(osr)
    flags = cpu_flags()
    arch_note = "avx2" if "avx2" in flags else "generic"
    if not args.skip_check:
        with requests.Session() as s:
            if tag_exists(image, s) is False:
                logger.error("%s not found on registry", image)
                return 1

    key = cache_key()
    (CACHE_DIR / key).mkdir(parents=True, exist_ok=True)
    prune_cache(key)
    Path(args.output).write_text(
        f"# host: {osr.get('PRETTY_NAME', 'unknown')} ({arch_note})\n"
        f"# cache-key: {key}\n"
        f"FROM {image}\nWORKDIR /src\nCOPY . /src\n",
        encoding="utf-8",
    )
    logger.info("wrote %s using %s", args.output, image)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
