"""Unpacks a release archive into ./vendor."""
import argparse
import logging
import tarfile
from pathlib import Path


def unpack(archive, dest):
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive) as tar:
        members = [m for m in tar.getmembers() if not m.name.startswith("docs/")]
        tar.extractall(path=dest, members=members)
    return len(members)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("archive", type=Path)
    ap.add_argument("--dest", type=Path, default=Path("vendor"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    logging.info("unpacked %d files", unpack(args.archive, args.dest))


main()
