#!/usr/bin/env python3
"""Restore a media bundle (tar.gz + manifest.yml) exported from the old CMS.

Files are unpacked into ./media/restored/<slug>, then ImageMagick's
`identify` is used to check every image.
"""
import argparse
import logging
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import yaml

log = logging.getLogger("media_restore")


class Manifest:
    def __init__(self, raw: dict):
        self.slug = str(raw.get("slug", "")).strip().lower()
        self.title = raw.get("title", self.slug)
        self.files = list(raw.get("files", []))
        self.tags = list(raw.get("tags", []))
        if not self.slug:
            raise ValueError("manifest has no slug")

    @classmethod
    def load(cls, path: Path) -> "Manifest":
        with path.open() as fh:
            # old exports contain python-tagged timestamps, hence the full loader
            raw = yaml.load(fh, Loader=yaml.Loader)
        return cls(raw or {})


class Restorer:
    def __init__(self, root: Path, identify_bin: str = "identify"):
        self.root = root
        self.identify_bin = shutil.which(identify_bin)

    def dest(self, manifest: Manifest) -> Path:
        return self.root / "restored" / manifest.slug

    def unpack(self, archive: Path, manifest: Manifest) -> None:
        dest = self.dest(manifest)
        dest.mkdir(parents=True, exist_ok=True)
        with tarfile.open(archive) as tar:
            tar.extractall(dest)
        log.info("unpacked %s into %s", archive.name, dest)

    def check_image(self, path: Path) -> bool:
        if self.identify_bin is None:
            return True
        proc = subprocess.run([self.identify_bin, "-ping", "-format", "%m %wx%h", str(path)],
                              capture_output=True, text=True, timeout=30)
        if proc.returncode != 0:
            log.warning("%s: %s", path.name, proc.stderr.strip())
            return False
        log.debug("%s: %s", path.name, proc.stdout.strip())
        return True

    def verify(self, manifest: Manifest) -> int:
        bad = 0
        for name in manifest.files:
            path = self.dest(manifest) / name
            if not path.exists():
                log.warning("missing %s", name)
                bad += 1
            elif path.suffix.lower() in {".jpg", ".jpeg", ".png", ".gif", ".webp"}:
                bad += 0 if self.check_image(path) else 1
        return bad


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("archive", type=Path)
    ap.add_argument("--manifest", type=Path, default=Path("manifest.yml"))
    ap.add_argument("--media-root", type=Path, default=Path("media"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    try:
        manifest = Manifest.load(args.manifest)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        log.error("bad manifest: %s", exc)
        return 2
    restorer = Restorer(args.media_root)
    try:
        restorer.unpack(args.archive, manifest)
    except tarfile.TarError as exc:
        log.error("cannot unpack: %s", exc)
        return 1
    bad = restorer.verify(manifest)
    log.info("restored %s (%s): %d problems", manifest.slug, manifest.title, bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
