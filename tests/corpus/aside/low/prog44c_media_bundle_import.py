#!/usr/bin/env python3
"""Import a media bundle (tar.gz + manifest.yml) into the project's media tree.

Used by editors who export a gallery from the staging CMS and want to load it
into a local checkout.  Everything lands under ./media/imports/<slug>.
"""
import argparse
import logging
import sys
import tarfile
from dataclasses import dataclass, field
from pathlib import Path

import yaml

log = logging.getLogger("media_import")

ALLOWED_SUFFIXES = {".jpg", ".jpeg", ".png", ".webp", ".gif", ".mp4"}


@dataclass
class BundleManifest:
    slug: str
    title: str
    files: list = field(default_factory=list)
    credits: dict = field(default_factory=dict)

    @classmethod
    def from_file(cls, path: Path) -> "BundleManifest":
        with path.open("r", encoding="utf-8") as fh:
            raw = yaml.safe_load(fh) or {}
        if "slug" not in raw:
            raise ValueError(f"{path}: manifest has no slug")
        return cls(
            slug=str(raw["slug"]).strip().lower(),
            title=raw.get("title", raw["slug"]),
            files=list(raw.get("files", [])),
            credits=dict(raw.get("credits", {})),
        )


class BundleImporter:
    def __init__(self, media_root: Path, dry_run: bool = False):
        self.media_root = media_root
        self.dry_run = dry_run

    def target_for(self, manifest: BundleManifest) -> Path:
        return self.media_root / "imports" / manifest.slug

    def extract(self, archive: Path, manifest: BundleManifest) -> int:
        dest = self.target_for(manifest)
        if self.dry_run:
            log.info("dry-run: would extract %s into %s", archive, dest)
            return 0
        dest.mkdir(parents=True, exist_ok=True)
        count = 0
        with tarfile.open(archive, mode="r:*") as tar:
            members = [m for m in tar.getmembers()
                       if m.isfile() and Path(m.name).suffix.lower() in ALLOWED_SUFFIXES]
            tar.extractall(path=dest, members=members, filter="data")
            count = len(members)
        log.info("extracted %d media files into %s", count, dest)
        return count

    def verify(self, manifest: BundleManifest) -> list:
        dest = self.target_for(manifest)
        missing = [name for name in manifest.files if not (dest / name).exists()]
        for name in missing:
            log.warning("listed in manifest but missing: %s", name)
        return missing

    def write_credits(self, manifest: BundleManifest) -> None:
        if self.dry_run or not manifest.credits:
            return
        lines = [f"{fname}: {who}" for fname, who in sorted(manifest.credits.items())]
        (self.target_for(manifest) / "CREDITS.txt").write_text("\n".join(lines) + "\n")


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("archive", type=Path)
    p.add_argument("--manifest", type=Path, default=Path("manifest.yml"))
    p.add_argument("--media-root", type=Path, default=Path("media"))
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        manifest = BundleManifest.from_file(args.manifest)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        log.error("cannot read manifest: %s", exc)
        return 2
    importer = BundleImporter(args.media_root, dry_run=args.dry_run)
    try:
        importer.extract(args.archive, manifest)
    except tarfile.TarError as exc:
        log.error("broken archive %s: %s", args.archive, exc)
        return 1
    missing = [] if args.dry_run else importer.verify(manifest)
    importer.write_credits(manifest)
    log.info("bundle %r (%s) imported, %d missing", manifest.slug, manifest.title, len(missing))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
