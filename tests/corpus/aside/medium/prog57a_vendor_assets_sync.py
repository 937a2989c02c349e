#!/usr/bin/env python3
"""Download pinned front-end asset bundles and unpack them into ./vendor.

assets.toml lists bundles as:

    [bundles.fontawesome]
    url = "https://artifacts.example.org/fa/fontawesome-6.5.1.tar.gz"
    sha256 = "..."
"""
import argparse
import hashlib
import io
import logging
import shutil
import tarfile
import tomllib
from pathlib import Path
from urllib.request import urlopen

log = logging.getLogger("vendor-sync")
VENDOR = Path("vendor")


class ChecksumMismatch(Exception):
    pass


def load_manifest(path: Path) -> dict:
    with path.open("rb") as fh:
        return tomllib.load(fh).get("bundles", {})


def fetch(url: str, timeout: float = 30.0) -> bytes:
    log.info("GET %s", url)
    with urlopen(url, timeout=timeout) as resp:
        return resp.read()


def verify(blob: bytes, expected: str, name: str) -> None:
    actual = hashlib.sha256(blob).hexdigest()
    if expected and actual != expected.lower():
        raise ChecksumMismatch(f"{name}: expected {expected}, got {actual}")


def unpack(blob: bytes, dest: Path) -> int:
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:*") as archive:
        members = archive.getmembers()
        archive.extractall(path=dest)
    return len(members)


def marker_ok(dest: Path, digest: str) -> bool:
    marker = dest / ".bundle-sha256"
    return marker.exists() and marker.read_text().strip() == digest


def sync(manifest: dict, only=None, force=False) -> int:
    failures = 0
    for name, spec in sorted(manifest.items()):
        if only and name not in only:
            continue
        dest = VENDOR / name
        if not force and marker_ok(dest, spec.get("sha256", "")):
            log.info("%s up to date", name)
            continue
        try:
            blob = fetch(spec["url"])
            verify(blob, spec.get("sha256", ""), name)
            count = unpack(blob, dest)
            (dest / ".bundle-sha256").write_text(hashlib.sha256(blob).hexdigest())
            log.info("%s: %d files", name, count)
        except (OSError, tarfile.TarError, ChecksumMismatch, KeyError) as exc:
            log.error("%s failed: %s", name, exc)
            failures += 1
    return failures


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--manifest", type=Path, default=Path("assets.toml"))
    ap.add_argument("--only", nargs="*", help="bundle names to sync")
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")
    try:
        manifest = load_manifest(args.manifest)
    except FileNotFoundError:
        log.error("%s not found", args.manifest)
        return 1
    failures = sync(manifest, set(args.only or []), args.force)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
