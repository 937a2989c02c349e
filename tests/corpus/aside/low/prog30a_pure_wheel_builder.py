#!/usr/bin/env python3
"""Minimal pure-Python wheel builder.

Builds ``dist/<name>-<version>-py3-none-any.whl`` from a ``src/`` layout and
a small ``wheel.toml`` file, without invoking pip or setuptools.  Useful for
hermetic CI images where only the standard library is available.
"""
import argparse
import base64
import csv
import hashlib
import io
import logging
import shutil
import sys
import zipfile
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    tomllib = None

log = logging.getLogger("wheelsmith")

EXCLUDE_SUFFIXES = (".pyc", ".pyo", ".orig", ".rej")


def record_hash(data: bytes) -> str:
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def load_config(path: Path) -> dict:
    if tomllib is None:
        raise SystemExit("wheel.toml needs Python 3.11+ (tomllib)")
    with path.open("rb") as handle:
        cfg = tomllib.load(handle)
    project = cfg.get("project", {})
    for key in ("name", "version"):
        if key not in project:
            raise SystemExit(f"wheel.toml: [project].{key} is required")
    return project


class WheelBuilder:
    def __init__(self, project: dict, src_dir: Path, out_dir: Path):
        self.name = project["name"].replace("-", "_")
        self.version = project["version"]
        self.summary = project.get("description", "")
        self.requires = project.get("dependencies", [])
        self.src_dir = src_dir
        self.out_dir = out_dir
        self.records = []

    @property
    def dist_info(self) -> str:
        return f"{self.name}-{self.version}.dist-info"

    def _add(self, zf: zipfile.ZipFile, arcname: str, data: bytes) -> None:
        info = zipfile.ZipInfo(arcname, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        zf.writestr(info, data)
        self.records.append((arcname, record_hash(data), str(len(data))))

    def metadata(self) -> bytes:
        lines = ["Metadata-Version: 2.1", f"Name: {self.name}", f"Version: {self.version}"]
        if self.summary:
            lines.append(f"Summary: {self.summary}")
        lines.extend(f"Requires-Dist: {req}" for req in self.requires)
        return ("\n".join(lines) + "\n").encode("utf-8")

    def wheel_file(self) -> bytes:
        return (b"Wheel-Version: 1.0\nGenerator: wheelsmith 0.3\n"
                b"Root-Is-Purelib: true\nTag: py3-none-any\n")

    def iter_sources(self):
        for path in sorted(self.src_dir.rglob("*")):
            if path.is_dir() or "__pycache__" in path.parts:
                continue
            if path.suffix in EXCLUDE_SUFFIXES:
                continue
            yield path, path.relative_to(self.src_dir).as_posix()

    def build(self) -> Path:
        self.out_dir.mkdir(parents=True, exist_ok=True)
        target = self.out_dir / f"{self.name}-{self.version}-py3-none-any.whl"
        with zipfile.ZipFile(target, "w") as zf:
            for path, arcname in self.iter_sources():
                self._add(zf, arcname, path.read_bytes())
                log.debug("added %s", arcname)
            self._add(zf, f"{self.dist_info}/METADATA", self.metadata())
            self._add(zf, f"{self.dist_info}/WHEEL", self.wheel_file())
            buf = io.StringIO()
            writer = csv.writer(buf, lineterminator="\n")
            writer.writerows(self.records)
            writer.writerow((f"{self.dist_info}/RECORD", "", ""))
            zf.writestr(f"{self.dist_info}/RECORD", buf.getvalue())
        return target


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="build a pure-Python wheel")
    parser.add_argument("--config", type=Path, default=Path("wheel.toml"))
    parser.add_argument("--src", type=Path, default=Path("src"))
    parser.add_argument("--outdir", type=Path, default=Path("dist"))
    parser.add_argument("--clean", action="store_true", help="remove dist/ first")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if args.clean and args.outdir.exists():
        shutil.rmtree(args.outdir)
        log.info("removed %s", args.outdir)
    if not args.src.is_dir():
        log.error("source directory %s does not exist", args.src)
        return 2
    builder = WheelBuilder(load_config(args.config), args.src, args.outdir)
    wheel = builder.build()
    log.info("built %s (%d files)", wheel, len(builder.records))
    return 0


if __name__ == "__main__":
    sys.exit(main())
