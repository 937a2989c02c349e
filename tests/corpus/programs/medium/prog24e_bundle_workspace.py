#!/usr/bin/env python3
"""Inspect a dataset bundle (.tar.gz) inside a scratch workspace.

BundleWorkspace is a context manager: __enter__ unpacks the bundle into a
scratch directory under the working directory, __exit__ removes it again.
Inspectors are small strategy classes selected by name.
"""
import argparse
import csv
import hashlib
import json
import logging
import shutil
import sys
import tarfile
from pathlib import Path
from typing import Dict, Iterator, List, Type

log = logging.getLogger("bundle")


class BundleWorkspace:
    def __init__(self, archive: Path, scratch_root: Path, keep: bool = False) -> None:
        self.archive = archive
        self.scratch = scratch_root / (archive.name.split(".")[0] + ".unpacked")
        self.keep = keep
        self.members: List[str] = []

    def __enter__(self) -> "BundleWorkspace":
        if self.scratch.exists():
            shutil.rmtree(self.scratch)
        self.scratch.mkdir(parents=True)
        with tarfile.open(self.archive, "r:*") as tar:
            self.members = tar.getnames()
            tar.extractall(self.scratch)
        log.info("unpacked %d members into %s", len(self.members), self.scratch)
        return self

    def __exit__(self, exc_type, exc, tb) -> bool:
        if self.keep:
            log.info("keeping %s", self.scratch)
        else:
            shutil.rmtree(self.scratch, ignore_errors=True)
        return False

    def files(self, pattern: str = "*") -> Iterator[Path]:
        yield from (p for p in sorted(self.scratch.rglob(pattern)) if p.is_file())


class Inspector:
    name = "base"

    def inspect(self, ws: BundleWorkspace) -> Dict[str, object]:
        raise NotImplementedError


INSPECTORS: Dict[str, Type[Inspector]] = {}


def inspector(cls: Type[Inspector]) -> Type[Inspector]:
    INSPECTORS[cls.name] = cls
    return cls


@inspector
class ManifestInspector(Inspector):
    name = "manifest"

    def inspect(self, ws):
        manifest = ws.scratch / "manifest.json"
        if not manifest.exists():
            return {"manifest": None}
        data = json.loads(manifest.read_text())
        return {"manifest": {"name": data.get("name"), "version": data.get("version")}}


@inspector
class CsvInspector(Inspector):
    name = "csv"

    def inspect(self, ws):
        tables = {}
        for path in ws.files("*.csv"):
            with path.open(newline="", encoding="utf-8", errors="replace") as fh:
                reader = csv.reader(fh)
                header = next(reader, [])
                rows = sum(1 for _ in reader)
            tables[str(path.relative_to(ws.scratch))] = {"columns": header, "rows": rows}
        return {"tables": tables}


@inspector
class ChecksumInspector(Inspector):
    name = "checksums"

    def inspect(self, ws):
        sums = {}
        for path in ws.files():
            digest = hashlib.sha256()
            with path.open("rb") as fh:
                for chunk in iter(lambda: fh.read(65536), b""):
                    digest.update(chunk)
            sums[str(path.relative_to(ws.scratch))] = digest.hexdigest()
        return {"sha256": sums}


def run_inspectors(archive: Path, names: List[str], keep: bool) -> Dict[str, object]:
    report: Dict[str, object] = {"archive": str(archive)}
    with BundleWorkspace(archive, Path.cwd() / ".scratch", keep=keep) as ws:
        report["members"] = len(ws.members)
        for name in names:
            report.update(INSPECTORS[name]().inspect(ws))
    return report


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("archive", type=Path)
    ap.add_argument("--inspect", nargs="+", default=sorted(INSPECTORS), choices=sorted(INSPECTORS))
    ap.add_argument("--keep", action="store_true", help="keep the scratch directory")
    ap.add_argument("-o", "--output", type=Path, help="write the report here")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    if not args.archive.is_file():
        log.error("no such archive: %s", args.archive)
        return 1
    try:
        report = run_inspectors(args.archive, args.inspect, args.keep)
    except (tarfile.TarError, OSError, json.JSONDecodeError) as exc:
        log.error("inspection failed: %s", exc)
        return 1
    text = json.dumps(report, indent=2)
    if args.output:
        args.output.write_text(text)
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
