#!/usr/bin/env python3
"""Pull the nightly report bundle from the reporting service (cron 05:15).

The bundle is a .tar.gz of HTML and CSV reports; it is unpacked into
./reports/<date>/ and a small manifest is written for the intranet page.
"""
import argparse
import hashlib
import json
import logging
import tarfile
import urllib.request
from datetime import date
from pathlib import Path

log = logging.getLogger("bundle-sync")

DEFAULT_URL = "https://reports.corp.example.com/nightly/{day}/bundle.tar.gz"


class BundleSync:
    def __init__(self, url_template: str, dest_root: Path, timeout: float):
        self.url_template = url_template
        self.dest_root = dest_root
        self.timeout = timeout

    def download(self, day: str) -> Path:
        url = self.url_template.format(day=day)
        target = self.dest_root / f"bundle-{day}.tar.gz"
        log.info("fetching %s", url)
        with urllib.request.urlopen(url, timeout=self.timeout) as resp, \
                target.open("wb") as out:
            while True:
                chunk = resp.read(1 << 16)
                if not chunk:
                    break
                out.write(chunk)
        return target

    @staticmethod
    def sha256(path: Path) -> str:
        h = hashlib.sha256()
        with path.open("rb") as fh:
            for block in iter(lambda: fh.read(1 << 16), b""):
                h.update(block)
        return h.hexdigest()

    def unpack(self, archive: Path, day: str) -> list:
        dest = self.dest_root / day
        dest.mkdir(parents=True, exist_ok=True)
        with tarfile.open(archive, mode="r:gz") as tar:
            names = tar.getnames()
            tar.extractall(path=dest)
        return names

    def write_manifest(self, day: str, archive: Path, names: list) -> Path:
        manifest = self.dest_root / day / "manifest.json"
        manifest.write_text(json.dumps({
            "day": day,
            "archive": archive.name,
            "sha256": self.sha256(archive),
            "files": sorted(n for n in names if not n.endswith("/")),
        }, indent=2))
        return manifest


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--day", default=date.today().isoformat())
    ap.add_argument("--url", default=DEFAULT_URL)
    ap.add_argument("--dest", default="reports")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--keep-archive", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    dest_root = Path(args.dest)
    dest_root.mkdir(parents=True, exist_ok=True)
    sync = BundleSync(args.url, dest_root, args.timeout)
    try:
        archive = sync.download(args.day)
    except OSError as exc:
        log.error("download failed: %s", exc)
        return 1
    try:
        names = sync.unpack(archive, args.day)
    except tarfile.TarError as exc:
        log.error("bad archive %s: %s", archive, exc)
        return 1
    manifest = sync.write_manifest(args.day, archive, names)
    if not args.keep_archive:
        archive.unlink()
    log.info("unpacked %d entries, manifest at %s", len(names), manifest)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
