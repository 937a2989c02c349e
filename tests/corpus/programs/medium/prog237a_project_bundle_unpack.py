#!/usr/bin/env python3
"""Unpack patron project bundles dropped in the makerspace intake folder.

Patrons upload .tar.gz bundles (STL/3MF plus a notes.txt) through the
library's web form; the files land in ./intake. This tool unpacks each
bundle into ./projects/<bundle-name>/, counts the printable parts and
writes a short summary line per bundle through a shell pipeline.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

LOG = logging.getLogger("unpack")

PRINTABLE = {".stl", ".3mf", ".obj", ".step", ".gcode"}
CUTTABLE = {".svg", ".dxf", ".lbrn2", ".ai"}


class Bundle:
    def __init__(self, path: Path, dest_root: Path):
        self.path = path
        self.name = path.name.split(".")[0]
        self.dest = dest_root / self.name

    def unpack(self):
        self.dest.mkdir(parents=True, exist_ok=True)
        with tarfile.open(self.path, "r:*") as tar:
            members = tar.getmembers()
            LOG.info("%s: %d members", self.path.name, len(members))
            tar.extractall(path=self.dest)
        return self.dest

    def classify(self):
        counts = {"print": 0, "cut": 0, "other": 0}
        for p in self.dest.rglob("*"):
            if not p.is_file():
                continue
            ext = p.suffix.lower()
            if ext in PRINTABLE:
                counts["print"] += 1
            elif ext in CUTTABLE:
                counts["cut"] += 1
            else:
                counts["other"] += 1
        return counts


def disk_usage(path):
    """du through the shell; the summary line wants the human format."""
    res = subprocess.run(["bash", "-c", 'du -sh "$TARGET" | cut -f1'],
                         env=dict(os.environ, TARGET=str(path)),
                         capture_output=True, text=True)
    return res.stdout.strip() or "?"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--intake", default="intake")
    ap.add_argument("--projects", default="projects")
    ap.add_argument("--keep", action="store_true", help="keep bundles after unpacking")
    ap.add_argument("--summary", default="intake_summary.txt")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    intake = Path(args.intake)
    if not intake.is_dir():
        LOG.error("intake folder %s missing", intake)
        return 1
    done_dir = intake / "done"
    done_dir.mkdir(exist_ok=True)

    lines = []
    for path in sorted(intake.glob("*.tar*")):
        bundle = Bundle(path, Path(args.projects))
        try:
            dest = bundle.unpack()
        except (tarfile.TarError, OSError) as exc:
            LOG.error("failed to unpack %s: %s", path.name, exc)
            continue
        counts = bundle.classify()
        size = disk_usage(dest)
        line = (f"{bundle.name}\tprint={counts['print']}\tcut={counts['cut']}"
                f"\tother={counts['other']}\tsize={size}")
        lines.append(line)
        LOG.info(line.replace("\t", " "))
        if not args.keep:
            shutil.move(str(path), done_dir / path.name)

    if lines:
        with open(args.summary, "a") as fh:
            fh.write("\n".join(lines) + "\n")
        LOG.info("%d bundles summarised in %s", len(lines), args.summary)
    else:
        LOG.info("nothing to unpack")
    return 0


if __name__ == "__main__":
    sys.exit(main())
