"""Unpacks dataset archives into the data directory, one member at a time so
that progress can be shown."""
import argparse
import logging
import tarfile
from pathlib import Path

log = logging.getLogger("unpack")


def unpack(archive: Path, dest: Path) -> int:
    dest.mkdir(parents=True, exist_ok=True)
    count = 0
    with tarfile.open(archive) as tar:
        members = tar.getmembers()
        for i, member in enumerate(members, 1):
            tar.extract(member, path=dest)
            count += 1
            if i % 100 == 0:
                log.info("%d/%d", i, len(members))
    return count


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("archives", nargs="+", type=Path)
    ap.add_argument("--dest", type=Path, default=Path("data"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    for a in args.archives:
        log.info("%s: %d files", a, unpack(a, args.dest))


if __name__ == "__main__":
    main()
