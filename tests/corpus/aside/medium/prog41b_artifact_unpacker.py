#!/usr/bin/env python3
"""Unpack upstream stage artifacts into ./staging for the packaging stage.

Every artifacts/*.tar.gz produced by earlier pipeline stages is verified
against its .sha256 sidecar and extracted into staging/<artifact-name>/.
"""
import argparse
import hashlib
import logging
import shutil
import sys
import tarfile
from pathlib import Path

LOG = logging.getLogger("unpacker")


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def verify(archive: Path) -> bool:
    sidecar = archive.with_name(archive.name + ".sha256")
    if not sidecar.exists():
        LOG.warning("%s has no checksum sidecar", archive.name)
        return False
    expected = sidecar.read_text().split()[0].lower()
    actual = sha256_of(archive)
    if expected != actual:
        LOG.error("%s checksum mismatch: %s != %s", archive.name, actual, expected)
        return False
    return True


def unpack(archive: Path, staging: Path) -> int:
    name = archive.name.split(".tar")[0]
    dest = staging / name
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    with tarfile.open(archive, mode="r:*") as bundle:
        members = bundle.getmembers()
        bundle.extractall(path=dest)
    LOG.info("unpacked %s (%d members) -> %s", archive.name, len(members), dest)
    return len(members)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--artifacts", default="artifacts")
    ap.add_argument("--staging", default="staging")
    ap.add_argument("--allow-unverified", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="[unpack] %(message)s")

    src, staging = Path(args.artifacts), Path(args.staging)
    archives = sorted(src.glob("*.tar.gz")) + sorted(src.glob("*.tgz"))
    if not archives:
        LOG.error("no archives under %s", src)
        return 1
    total, skipped = 0, []
    for archive in archives:
        if not verify(archive) and not args.allow_unverified:
            skipped.append(archive.name)
            continue
        try:
            total += unpack(archive, staging)
        except (tarfile.TarError, OSError) as exc:
            LOG.error("failed to unpack %s: %s", archive.name, exc)
            skipped.append(archive.name)
    LOG.info("%d members extracted; %d archive(s) skipped", total, len(skipped))
    return 1 if skipped else 0


if __name__ == "__main__":
    sys.exit(main())
