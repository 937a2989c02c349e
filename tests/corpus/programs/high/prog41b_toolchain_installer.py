#!/usr/bin/env python3
"""Install a prebuilt cross-compilation toolchain on the build agent.

The toolchain tarball is produced by the 'toolchain' pipeline stage and is
installed system-wide under /usr/local/lib/ci-toolchains/<name>, with its
driver binaries linked into /usr/local/bin so every job on the agent sees it.
"""
import argparse
import hashlib
import logging
import os
import shutil
import sys
import tarfile
from pathlib import Path

LOG = logging.getLogger("toolchain-install")
PREFIX = Path("/usr/local/lib/ci-toolchains")
BIN_DIR = Path("/usr/local/bin")


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def verify(archive: Path) -> None:
    sidecar = archive.with_name(archive.name + ".sha256")
    expected = sidecar.read_text().split()[0].lower()
    if sha256_of(archive) != expected:
        raise ValueError(f"{archive.name}: checksum mismatch")


def install(archive: Path, name: str) -> Path:
    dest = PREFIX / name
    if dest.exists():
        LOG.info("replacing existing toolchain at %s", dest)
        shutil.rmtree(dest)
    dest.mkdir(parents=True, mode=0o755)
    with tarfile.open(archive, mode="r:*") as bundle:
        bundle.extractall(path=dest, filter="data")
    for root, dirs, files in os.walk(dest):
        os.chown(root, 0, 0)
        for entry in files:
            os.chown(os.path.join(root, entry), 0, 0)
    return dest


def link_drivers(dest: Path, prefix: str) -> list:
    linked = []
    for tool in sorted((dest / "bin").glob(f"{prefix}-*")):
        link = BIN_DIR / tool.name
        if link.is_symlink() or link.exists():
            link.unlink()
        link.symlink_to(tool)
        linked.append(link.name)
    return linked


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("archive", type=Path)
    ap.add_argument("--name", help="install name (default: archive stem)")
    ap.add_argument("--triple", default="aarch64-linux-gnu")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0:
        LOG.error("must run as root to install under %s", PREFIX)
        return 2
    name = args.name or args.archive.name.split(".tar")[0]
    try:
        verify(args.archive)
        dest = install(args.archive, name)
    except (OSError, ValueError, tarfile.TarError) as exc:
        LOG.error("install failed: %s", exc)
        return 1
    linked = link_drivers(dest, args.triple)
    LOG.info("installed %s to %s; linked %d drivers into %s", name, dest, len(linked), BIN_DIR)
    return 0


if __name__ == "__main__":
    sys.exit(main())
