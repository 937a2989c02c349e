#!/usr/bin/env python3
"""Build a show package for the dome playback servers.

Collects the frame sequences, audio stems and cue sheet of a show into a
single zip with a manifest, and records which machine built it. Use
--clean to remove the build and cache folders this tool creates.
"""

import argparse
import hashlib
import json
import logging
import os
import platform
import shutil
import tempfile
import zipfile
from pathlib import Path

LOG = logging.getLogger("show-build")

BUILD_DIR = Path("build")
CACHE_DIR = Path(".show_cache")
INCLUDE = (".png", ".exr", ".wav", ".flac", ".json", ".csv")


def read_os_release():
    info = {}
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip().split("=", 1)
                    info[k] = v.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", platform.system())


def read_cpu_model():
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


class ShowPackager:
    def __init__(self, source, name):
        self.source = Path(source)
        self.name = name

    def files(self):
        for p in sorted(self.source.rglob("*")):
            if p.is_file() and p.suffix.lower() in INCLUDE:
                yield p

    def manifest(self, files):
        return {
            "show": self.name,
            "built_on": {"os": read_os_release(), "cpu": read_cpu_model(),
                         "host": platform.node()},
            "files": {str(p.relative_to(self.source)): sha256_of(p) for p in files},
        }

    def build(self):
        BUILD_DIR.mkdir(exist_ok=True)
        files = list(self.files())
        if not files:
            raise FileNotFoundError(f"no show files under {self.source}")
        target = BUILD_DIR / f"{self.name}.zip"
        # write to a temp file in the build dir, then move into place
        fd, tmp_name = tempfile.mkstemp(dir=BUILD_DIR, suffix=".part")
        os.close(fd)
        try:
            with zipfile.ZipFile(tmp_name, "w", zipfile.ZIP_DEFLATED) as zf:
                for p in files:
                    zf.write(p, arcname=str(p.relative_to(self.source)))
                zf.writestr("manifest.json", json.dumps(self.manifest(files), indent=2))
            os.replace(tmp_name, target)
        finally:
            if os.path.exists(tmp_name):
                os.unlink(tmp_name)
        LOG.info("wrote %s (%d files)", target, len(files))
        return target


def clean():
    for folder in (BUILD_DIR, CACHE_DIR):
        if folder.is_dir():
            shutil.rmtree(folder)
            LOG.info("removed %s/", folder)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("source", nargs="?", help="show source folder")
    ap.add_argument("--name", default=None)
    ap.add_argument("--clean", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clean:
        clean()
        return 0
    if not args.source:
        ap.error("source folder is required unless --clean is given")
    name = args.name or Path(args.source).resolve().name
    try:
        ShowPackager(args.source, name).build()
    except (OSError, zipfile.BadZipFile) as exc:
        LOG.error("build failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
