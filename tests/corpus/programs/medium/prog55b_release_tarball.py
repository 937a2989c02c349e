#!/usr/bin/env python3
"""Package the current project into a reproducible release tarball.

The tar command line is assembled from an exclude table and a list of
include roots, run with subprocess, and a SHA-256 checksum file is written
next to the archive in ./dist.
"""
import argparse
import hashlib
import logging
import subprocess
import sys
from pathlib import Path

logger = logging.getLogger("release-tarball")

EXCLUDES = [".git", "__pycache__", "*.pyc", ".venv", "node_modules", "dist", ".env", "*.log"]
DEFAULT_ROOTS = ["src", "docs", "pyproject.toml", "README.md", "LICENSE"]


class TarCommand:
    def __init__(self, archive: Path, base: Path):
        self.archive = archive
        self.base = base
        self.excludes = []
        self.members = []
        self.reproducible = True

    def exclude(self, patterns):
        for pattern in patterns:
            self.excludes.append(f"--exclude={pattern}")
        return self

    def add(self, members):
        for member in members:
            if (self.base / member).exists():
                self.members.append(member)
            else:
                logger.warning("skipping missing %s", member)
        return self

    def argv(self):
        cmd = ["tar", "-C", str(self.base), "-czf", str(self.archive)]
        if self.reproducible:
            cmd += ["--sort=name", "--owner=0", "--group=0", "--numeric-owner",
                    "--mtime=@0"]
        cmd += self.excludes
        cmd += self.members
        return cmd


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            digest.update(block)
    return digest.hexdigest()


def project_version(base: Path) -> str:
    result = subprocess.run(["git", "describe", "--tags", "--always", "--dirty"],
                            cwd=base, capture_output=True, text=True)
    return result.stdout.strip() or "0.0.0"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--name", default=Path.cwd().name)
    ap.add_argument("--root", action="append", dest="roots")
    ap.add_argument("--no-reproducible", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    base = Path.cwd()
    dist = base / "dist"
    dist.mkdir(exist_ok=True)
    archive = dist / f"{args.name}-{project_version(base)}.tar.gz"

    tar = TarCommand(archive, base).exclude(EXCLUDES).add(args.roots or DEFAULT_ROOTS)
    tar.reproducible = not args.no_reproducible
    if not tar.members:
        logger.error("nothing to package")
        return 1
    logger.info("running: %s", " ".join(tar.argv()))
    try:
        subprocess.run(tar.argv(), check=True)
    except subprocess.CalledProcessError as exc:
        logger.error("tar failed with exit code %s", exc.returncode)
        return exc.returncode
    checksum = sha256_file(archive)
    (dist / (archive.name + ".sha256")).write_text(f"{checksum}  {archive.name}\n")
    logger.info("%s  %s", checksum, archive)
    return 0


if __name__ == "__main__":
    sys.exit(main())
