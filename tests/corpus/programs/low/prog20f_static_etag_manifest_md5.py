#!/usr/bin/env python3
"""Compute ETags for a static site build and write an etags.json manifest.

The CDN configuration step reads etags.json to set ETag headers and to
decide which files changed since the last deploy.  MD5 is used purely
as a content fingerprint for HTTP caching, not for any security purpose.
"""
import argparse
import hashlib
import json
import logging
import sys
from pathlib import Path

log = logging.getLogger("etags")

CHUNK = 1 << 16
DEFAULT_EXCLUDE = {".DS_Store", "etags.json"}


def file_etag(path: Path) -> str:
    digest = hashlib.md5(usedforsecurity=False)
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(CHUNK), b""):
            digest.update(block)
    return f'"{digest.hexdigest()}"'


def walk_site(root: Path, exclude: set) -> dict:
    etags = {}
    for path in sorted(root.rglob("*")):
        if not path.is_file() or path.name in exclude:
            continue
        rel = path.relative_to(root).as_posix()
        etags[rel] = file_etag(path)
        log.debug("%s %s", etags[rel], rel)
    return etags


def load_previous(manifest: Path) -> dict:
    if not manifest.exists():
        return {}
    try:
        with manifest.open("r", encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, json.JSONDecodeError) as exc:
        log.warning("ignoring unreadable manifest %s: %s", manifest, exc)
        return {}
    return data.get("files", {})


def diff(old: dict, new: dict) -> dict:
    return {
        "added": sorted(set(new) - set(old)),
        "removed": sorted(set(old) - set(new)),
        "changed": sorted(k for k in set(old) & set(new) if old[k] != new[k]),
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Write ETag manifest for a static build")
    ap.add_argument("site", type=Path, nargs="?", default=Path("public"),
                    help="build output directory (default ./public)")
    ap.add_argument("--manifest", default="etags.json")
    ap.add_argument("--exclude", action="append", default=[],
                    help="file name to skip (repeatable)")
    ap.add_argument("--check", action="store_true",
                    help="only report changes, do not rewrite the manifest")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")
    if not args.site.is_dir():
        log.error("%s is not a directory", args.site)
        return 2
    manifest = args.site / Path(args.manifest).name
    try:
        etags = walk_site(args.site, DEFAULT_EXCLUDE | set(args.exclude))
        changes = diff(load_previous(manifest), etags)
    except OSError as exc:
        log.error("%s", exc)
        return 1
    for kind, names in changes.items():
        for name in names:
            print(f"{kind:8s} {name}")
    if args.check:
        return 1 if any(changes.values()) else 0
    with manifest.open("w", encoding="utf-8") as fh:
        json.dump({"algorithm": "md5", "files": etags}, fh, indent=2, sort_keys=True)
    print(f"wrote {manifest} ({len(etags)} files)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
