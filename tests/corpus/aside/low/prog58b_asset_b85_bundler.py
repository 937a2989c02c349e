#!/usr/bin/env python3
"""Pack small static assets from the project tree into a single JSON bundle.

Each file is stored Base85-encoded so the bundle stays ASCII and diff-friendly.
The bundle can be listed or unpacked again into ./unpacked/.  Nothing in the
bundle is ever imported or executed; it is plain data for the web front-end.
"""
import argparse
import base64
import hashlib
import json
import logging
import shutil
import sys
from pathlib import Path

LOG = logging.getLogger("b85bundle")
CACHE_DIR = Path(".bundle-cache")
DEFAULT_BUNDLE = Path("assets.bundle.json")
ALLOWED_SUFFIXES = {".svg", ".png", ".ico", ".woff2", ".css", ".txt"}


def cache_key(data: bytes) -> str:
    # MD5 is fine here: it only names cache entries, it protects nothing.
    return hashlib.md5(data).hexdigest()


def short_id(data: bytes) -> str:
    digest = hashlib.md5(data).digest()[:10]
    return base64.b32encode(digest).decode("ascii").rstrip("=").lower()


def inside_cwd(path: Path) -> bool:
    try:
        path.resolve().relative_to(Path.cwd().resolve())
        return True
    except ValueError:
        return False


def pack(src: Path, bundle: Path) -> int:
    if not inside_cwd(src):
        raise SystemExit(f"refusing to pack outside the working directory: {src}")
    CACHE_DIR.mkdir(exist_ok=True)
    entries = []
    for item in sorted(src.rglob("*")):
        if not item.is_file() or item.suffix.lower() not in ALLOWED_SUFFIXES:
            continue
        raw = item.read_bytes()
        key = cache_key(raw)
        cached = CACHE_DIR / f"{key}.b85"
        if cached.exists():
            encoded = cached.read_text()
        else:
            encoded = base64.b85encode(raw).decode("ascii")
            cached.write_text(encoded)
        entries.append({"id": short_id(raw), "path": str(item.relative_to(src)),
                        "md5": key, "size": len(raw), "data": encoded})
        LOG.debug("packed %s (%d bytes)", item, len(raw))
    bundle.write_text(json.dumps({"version": 2, "files": entries}, indent=1))
    LOG.info("wrote %d entries to %s", len(entries), bundle)
    return len(entries)


def unpack(bundle: Path, dest: Path) -> None:
    doc = json.loads(bundle.read_text())
    for entry in doc.get("files", []):
        raw = base64.b85decode(entry["data"])
        if cache_key(raw) != entry["md5"]:
            LOG.error("checksum mismatch for %s, skipping", entry["path"])
            continue
        target = (dest / entry["path"]).resolve()
        if not str(target).startswith(str(dest.resolve())):
            LOG.error("path escapes destination: %s", entry["path"])
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(raw)
    LOG.info("unpacked into %s", dest)


def list_bundle(bundle: Path) -> None:
    doc = json.loads(bundle.read_text())
    for entry in doc.get("files", []):
        print(f"{entry['id']:>16}  {entry['size']:>8}  {entry['path']}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-v", "--verbose", action="store_true")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_pack = sub.add_parser("pack")
    p_pack.add_argument("src", type=Path, nargs="?", default=Path("static"))
    p_pack.add_argument("-o", "--out", type=Path, default=DEFAULT_BUNDLE)
    p_unpack = sub.add_parser("unpack")
    p_unpack.add_argument("bundle", type=Path, nargs="?", default=DEFAULT_BUNDLE)
    p_unpack.add_argument("-d", "--dest", type=Path, default=Path("unpacked"))
    p_list = sub.add_parser("list")
    p_list.add_argument("bundle", type=Path, nargs="?", default=DEFAULT_BUNDLE)
    sub.add_parser("clean")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        if args.cmd == "pack":
            pack(args.src, args.out)
        elif args.cmd == "unpack":
            unpack(args.bundle, args.dest)
        elif args.cmd == "list":
            list_bundle(args.bundle)
        elif args.cmd == "clean":
            shutil.rmtree(CACHE_DIR, ignore_errors=True)
            LOG.info("removed %s", CACHE_DIR)
    except (OSError, ValueError, KeyError) as exc:
        LOG.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
