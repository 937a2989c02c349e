#!/usr/bin/env python3
"""Sort a document dump into reviewable buckets.

Large leaks usually arrive as a pile of tarballs and loose files. This tool
unpacks everything into a staging area, identifies each file by its leading
bytes (not its extension, which is often wrong or stripped), removes exact
duplicates, and copies one instance of each document into
    <out>/<category>/<sha256[:2]>/<sha256>_<original name>
together with index.csv, so reviewers can split the work by category and
cite any file by its hash.
"""
import argparse
import csv
import hashlib
import logging
import shutil
import sys
import tarfile
import zipfile
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("dump_sorter")

TAR_SUFFIXES = (".tar", ".tar.gz", ".tgz", ".tar.bz2", ".tbz2", ".tar.xz", ".txz")

MAGIC = [
    (b"%PDF-", "pdf"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "office-legacy"),
    (b"\x89PNG\r\n\x1a\n", "image"),
    (b"\xff\xd8\xff", "image"),
    (b"GIF8", "image"),
    (b"II*\x00", "image"),
    (b"MM\x00*", "image"),
    (b"{\\rtf", "office-legacy"),
    (b"From ", "email"),
    (b"Return-Path:", "email"),
    (b"Received:", "email"),
]


@dataclass
class Record:
    source: str
    container: str
    sha256: str
    size: int
    category: str
    mtime: str


def classify(path):
    with open(path, "rb") as fh:
        head = fh.read(512)
    for magic, cat in MAGIC:
        if head.startswith(magic):
            return cat
    if head.startswith(b"PK\x03\x04"):
        try:
            with zipfile.ZipFile(path) as zf:
                names = zf.namelist()
            if "[Content_Types].xml" in names:
                return "office-ooxml"
            return "zip"
        except zipfile.BadZipFile:
            return "other"
    try:
        head.decode("utf-8")
        return "text"
    except UnicodeDecodeError:
        return "other"


def file_hash(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def unpack(archive, staging):
    target = staging / archive.name.replace(".", "_")
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive) as tf:
        members = tf.getmembers()
        log.info("%s: %d members", archive.name, len(members))
        tf.extractall(target)
    return target


def walk_files(root):
    for path in sorted(root.rglob("*")):
        if path.is_file() and not path.is_symlink():
            yield path


class Sorter:
    def __init__(self, out_dir):
        self.out = out_dir
        self.seen = {}
        self.records = []

    def add(self, path, container, rel):
        digest = file_hash(path)
        st = path.stat()
        cat = classify(path)
        self.records.append(Record(rel, container, digest, st.st_size, cat,
                                   datetime.fromtimestamp(st.st_mtime, timezone.utc).isoformat()))
        if digest in self.seen:
            return False
        dest = self.out / cat / digest[:2] / f"{digest}_{path.name[:120]}"
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, dest)
        self.seen[digest] = dest
        return True

    def add_tree(self, root, container):
        new = 0
        for path in walk_files(root):
            try:
                new += self.add(path, container, str(path.relative_to(root)))
            except OSError as exc:
                log.warning("skipping %s: %s", path, exc)
        log.info("%s: %d unique new files", container, new)

    def write_index(self):
        with open(self.out / "index.csv", "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(["source", "container", "sha256", "size", "category", "mtime", "stored_as"])
            for r in self.records:
                w.writerow([r.source, r.container, r.sha256, r.size, r.category, r.mtime,
                            self.seen[r.sha256].relative_to(self.out)])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("drop", type=Path, help="folder holding the dump as received")
    ap.add_argument("-o", "--out", type=Path, default=Path("sorted"))
    ap.add_argument("--staging", type=Path, default=Path(".staging"))
    ap.add_argument("--keep-staging", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.drop.is_dir():
        log.error("%s is not a directory", args.drop)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    args.staging.mkdir(parents=True, exist_ok=True)
    sorter = Sorter(args.out)

    loose = args.staging / "loose"
    for item in sorted(args.drop.iterdir()):
        name = item.name.lower()
        try:
            if item.is_file() and name.endswith(TAR_SUFFIXES):
                sorter.add_tree(unpack(item, args.staging), item.name)
            elif item.is_file():
                loose.mkdir(exist_ok=True)
                shutil.copy2(item, loose / item.name)
            elif item.is_dir():
                sorter.add_tree(item, item.name + "/")
        except (tarfile.TarError, OSError) as exc:
            log.error("could not process %s: %s", item.name, exc)
    if loose.is_dir():
        sorter.add_tree(loose, "(loose files)")

    sorter.write_index()
    log.info("%d files seen, %d unique, index at %s",
             len(sorter.records), len(sorter.seen), args.out / "index.csv")
    if not args.keep_staging:
        shutil.rmtree(args.staging, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
