#!/usr/bin/env python3
"""Import e-book bundles (.tar.gz from the publisher portal) into a library.

Each bundle contains one or more EPUBs plus cover images.  The bundle is
unpacked into <library>/incoming/<bundle-name>/, the OPF metadata of each
EPUB is read, and books are filed as <library>/<Author>/<Title>.epub.
"""
import argparse
import logging
import re
import shutil
import sys
import tarfile
import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

log = logging.getLogger("ebook-import")
NS = {
    "c": "urn:oasis:names:tc:opendocument:xmlns:container",
    "opf": "http://www.idpf.org/2007/opf",
    "dc": "http://purl.org/dc/elements/1.1/",
}
UNSAFE = re.compile(r'[\\/:*?"<>|]+')


def clean(text, fallback):
    text = UNSAFE.sub("_", (text or "").strip())
    return text[:120] or fallback


def unpack_bundle(bundle, incoming):
    dest = incoming / bundle.name.split(".tar")[0]
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle, "r:*") as tar:
        members = tar.getmembers()
        log.info("%s: %d members", bundle.name, len(members))
        tar.extractall(dest)
    return dest


def read_metadata(epub):
    with zipfile.ZipFile(epub) as zf:
        container = ET.fromstring(zf.read("META-INF/container.xml"))
        rootfile = container.find(".//c:rootfile", NS)
        if rootfile is None:
            raise ValueError("container.xml has no rootfile")
        opf = ET.fromstring(zf.read(rootfile.get("full-path")))
    meta = opf.find("opf:metadata", NS)
    title = meta.findtext("dc:title", default="", namespaces=NS)
    author = meta.findtext("dc:creator", default="", namespaces=NS)
    lang = meta.findtext("dc:language", default="", namespaces=NS)
    return {"title": title, "author": author, "language": lang}


def file_book(epub, library, move):
    try:
        meta = read_metadata(epub)
    except (zipfile.BadZipFile, KeyError, ValueError, ET.ParseError) as exc:
        log.warning("unreadable EPUB %s: %s", epub.name, exc)
        return None
    author_dir = library / clean(meta["author"], "Unknown Author")
    author_dir.mkdir(parents=True, exist_ok=True)
    target = author_dir / f"{clean(meta['title'], epub.stem)}.epub"
    if target.exists():
        log.info("already in library: %s", target.relative_to(library))
        return target
    (shutil.move if move else shutil.copy2)(str(epub), str(target))
    cover = next(epub.parent.glob(f"{epub.stem}*cover*.jp*g"), None)
    if cover:
        shutil.copy2(cover, target.with_suffix(".jpg"))
    log.info("filed %s", target.relative_to(library))
    return target


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bundles", nargs="+", type=Path)
    ap.add_argument("--library", type=Path, default=Path("library"))
    ap.add_argument("--keep-incoming", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    incoming = args.library / "incoming"
    filed = 0
    for bundle in args.bundles:
        if not tarfile.is_tarfile(bundle):
            log.error("%s is not a tar archive", bundle)
            continue
        staging = unpack_bundle(bundle, incoming)
        for epub in sorted(staging.rglob("*.epub")):
            if file_book(epub, args.library, move=not args.keep_incoming):
                filed += 1
        if not args.keep_incoming:
            shutil.rmtree(staging, ignore_errors=True)
    log.info("%d book(s) filed into %s", filed, args.library)
    return 0 if filed else 1


if __name__ == "__main__":
    sys.exit(main())
