#!/usr/bin/env python3
"""Fetch third-party asset packs listed in asset_packs.toml.

Marketplace and outsourced art packs are too large for version control,
so the project pins them by URL + sha256 in asset_packs.toml. This script
downloads anything missing or out of date, verifies it and unpacks it into
Content/ThirdParty/<pack name>.
"""
import argparse
import hashlib
import logging
import shutil
import sys
import tarfile
import tomllib
from dataclasses import dataclass
from pathlib import Path

import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

log = logging.getLogger("packs")

DOWNLOAD_DIR = Path(".packcache")
STAMP = ".pack_version"


@dataclass
class Pack:
    name: str
    url: str
    sha256: str
    version: str

    @property
    def archive(self):
        return DOWNLOAD_DIR / ("%s-%s.tar.gz" % (self.name, self.version))


def http_session():
    s = requests.Session()
    retry = Retry(total=4, backoff_factor=1.5, status_forcelist=(429, 500, 502, 503, 504))
    s.mount("https://", HTTPAdapter(max_retries=retry))
    s.headers["User-Agent"] = "asset-pack-fetch/0.9"
    return s


def load_packs(path):
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    return [Pack(name=n, **spec) for n, spec in data.get("packs", {}).items()]


def sha256_of(path):
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def download(session, pack):
    DOWNLOAD_DIR.mkdir(exist_ok=True)
    if pack.archive.exists() and sha256_of(pack.archive) == pack.sha256:
        log.info("%s: cached archive ok", pack.name)
        return pack.archive
    part = pack.archive.with_suffix(".part")
    with session.get(pack.url, stream=True, timeout=(10, 120)) as resp:
        resp.raise_for_status()
        with part.open("wb") as fh:
            for chunk in resp.iter_content(chunk_size=1 << 20):
                fh.write(chunk)
    digest = sha256_of(part)
    if digest != pack.sha256:
        part.unlink()
        raise ValueError("%s: checksum mismatch (%s)" % (pack.name, digest))
    part.rename(pack.archive)
    return pack.archive


def unpack(archive, dest):
    staging = dest.with_name(dest.name + ".staging")
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    with tarfile.open(archive, "r:gz") as tf:
        tf.extractall(staging)
    if dest.exists():
        shutil.rmtree(dest)
    staging.rename(dest)


def installed_version(dest):
    try:
        return (dest / STAMP).read_text().strip()
    except OSError:
        return None


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--manifest", type=Path, default=Path("asset_packs.toml"))
    p.add_argument("--content", type=Path, default=Path("Content/ThirdParty"))
    p.add_argument("--only", nargs="*", help="limit to these pack names")
    p.add_argument("--force", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        packs = load_packs(args.manifest)
    except (OSError, tomllib.TOMLDecodeError, TypeError) as exc:
        log.error("cannot read %s: %s", args.manifest, exc)
        return 2
    if args.only:
        packs = [pk for pk in packs if pk.name in args.only]

    session = http_session()
    failed = 0
    for pack in packs:
        dest = args.content / pack.name
        if not args.force and installed_version(dest) == pack.version:
            log.info("%s %s up to date", pack.name, pack.version)
            continue
        try:
            archive = download(session, pack)
            unpack(archive, dest)
            (dest / STAMP).write_text(pack.version + "\n")
            log.info("%s %s installed", pack.name, pack.version)
        except (requests.RequestException, ValueError, tarfile.TarError, OSError) as exc:
            failed += 1
            log.error("%s: %s", pack.name, exc)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
