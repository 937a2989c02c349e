#!/usr/bin/env python3
"""Package a LaTeX paper directory into an arXiv-ready tarball.

arXiv wants a flat-ish tarball with the .tex sources, the .bbl (not the .bib),
and the figures actually referenced.  This tool walks the paper directory,
strips comments from the .tex files (arXiv publishes the source), and writes
``<name>-arxiv.tar.gz`` next to a small JSON manifest describing the build.
"""
import argparse
import hashlib
import io
import json
import logging
import platform
import re
import sys
import tarfile
import time
from pathlib import Path

log = logging.getLogger("arxiv-bundle")

KEEP_SUFFIXES = {".tex", ".bbl", ".sty", ".cls", ".bst", ".pdf", ".png", ".jpg", ".eps"}
SKIP_DIRS = {".git", "build", "_minted", "__pycache__"}
COMMENT_RE = re.compile(r"(?<!\\)%.*$")


def strip_comments(text):
    out = []
    for line in text.splitlines():
        if line.lstrip().startswith("%") and not line.strip().startswith("%!"):
            continue
        out.append(COMMENT_RE.sub("%", line) if "%" in line else line)
    return "\n".join(out) + "\n"


def collect(paper_dir):
    for path in sorted(paper_dir.rglob("*")):
        if any(part in SKIP_DIRS for part in path.relative_to(paper_dir).parts):
            continue
        if path.is_file() and path.suffix.lower() in KEEP_SUFFIXES:
            yield path


def distro_name():
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return platform.system()


class BuildManifest:
    def __init__(self, paper_dir):
        self.paper_dir = paper_dir
        self.files = {}
        self.created = time.strftime("%Y-%m-%dT%H:%M:%S")

    def add(self, arcname, data):
        self.files[arcname] = hashlib.sha256(data).hexdigest()

    def as_dict(self):
        return {
            "paper": self.paper_dir.name,
            "created": self.created,
            "python": platform.python_version(),
            "host_os": distro_name(),
            "files": self.files,
        }


def build_bundle(paper_dir, out_path, keep_comments=False):
    manifest = BuildManifest(paper_dir)
    with tarfile.open(out_path, "w:gz") as tar:
        for path in collect(paper_dir):
            arcname = str(path.relative_to(paper_dir))
            data = path.read_bytes()
            if path.suffix == ".tex" and not keep_comments:
                data = strip_comments(data.decode("utf-8", "replace")).encode()
            info = tarfile.TarInfo(arcname)
            info.size = len(data)
            info.mtime = int(path.stat().st_mtime)
            tar.addfile(info, io.BytesIO(data))
            manifest.add(arcname, data)
            log.debug("added %s (%d bytes)", arcname, len(data))
    return manifest


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("paper_dir", type=Path)
    ap.add_argument("-o", "--output", type=Path)
    ap.add_argument("--keep-comments", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    paper_dir = args.paper_dir.resolve()
    if not paper_dir.is_dir():
        log.error("%s is not a directory", paper_dir)
        return 2
    if not any(paper_dir.glob("*.bbl")):
        log.warning("no .bbl found; run bibtex/biber first or arXiv will fail")

    out = args.output or Path.cwd() / f"{paper_dir.name}-arxiv.tar.gz"
    manifest = build_bundle(paper_dir, out, args.keep_comments)
    man_path = out.with_suffix("").with_suffix(".manifest.json")
    man_path.write_text(json.dumps(manifest.as_dict(), indent=2))
    log.info("wrote %s (%d files) and %s", out, len(manifest.files), man_path.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
