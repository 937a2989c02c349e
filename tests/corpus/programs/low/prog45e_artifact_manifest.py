#!/usr/bin/env python3
"""Build ./dist/manifest.json for the CDN uploader.

For every artifact under ./dist it records size, a SHA-256 digest, an MD5
cache key (the CDN's ETag scheme) and whether the CDN already has that
object (HEAD request). Small SVG icons are inlined as base64 data URIs so
the download page can render them without extra requests.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("manifest")
INLINE_LIMIT = 8 * 1024
SKIP_SUFFIXES = {".map", ".tmp", ".part"}


def digests(path: Path):
    sha = hashlib.sha256()
    cache_key = hashlib.md5(usedforsecurity=False)
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            sha.update(block)
            cache_key.update(block)
    return sha.hexdigest(), cache_key.hexdigest()


def cdn_has(base_url: str, rel: str, etag: str, timeout: float) -> bool:
    req = urllib.request.Request(f"{base_url.rstrip('/')}/{rel}", method="HEAD")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            remote = (resp.headers.get("ETag") or "").strip('"')
            return remote == etag
    except urllib.error.HTTPError as exc:
        if exc.code != 404:
            log.warning("HEAD %s -> HTTP %s", rel, exc.code)
        return False
    except (urllib.error.URLError, TimeoutError) as exc:
        log.warning("HEAD %s failed: %s", rel, exc)
        return False


def describe(path: Path, root: Path, args) -> dict:
    rel = path.relative_to(root).as_posix()
    sha256, etag = digests(path)
    entry = {"path": rel, "size": path.stat().st_size, "sha256": sha256, "etag": etag}
    if path.suffix == ".svg" and entry["size"] <= INLINE_LIMIT:
        encoded = base64.b64encode(path.read_bytes()).decode("ascii")
        entry["data_uri"] = "data:image/svg+xml;base64," + encoded
    if args.cdn:
        entry["uploaded"] = cdn_has(args.cdn, rel, etag, args.timeout)
    return entry


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dist", default="dist", help="artifact directory (default: ./dist)")
    ap.add_argument("--cdn", default=os.environ.get("CDN_BASE_URL"),
                    help="public CDN base URL to check for existing objects")
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    root = Path(args.dist)
    if not root.is_dir():
        log.error("%s does not exist; run `make dist` first", root)
        return 1

    entries = []
    for dirpath, _dirs, files in os.walk(root):
        for name in sorted(files):
            path = Path(dirpath, name)
            if path.suffix in SKIP_SUFFIXES or name == "manifest.json":
                continue
            entries.append(describe(path, root, args))
            log.debug("added %s", entries[-1]["path"])

    manifest = root / "manifest.json"
    manifest.write_text(json.dumps({"artifacts": entries}, indent=2) + "\n")
    os.chmod(manifest, 0o600)
    pending = sum(1 for e in entries if not e.get("uploaded", False))
    log.info("%d artifacts, %d pending upload -> %s", len(entries), pending, manifest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
