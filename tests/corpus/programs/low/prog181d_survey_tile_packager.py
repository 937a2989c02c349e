#!/usr/bin/env python3
"""Package orthomosaic tiles for client delivery.

Walks ./tiles, bundles each zoom level into build/<project>-z<N>.zip with a
manifest of SHA-256 digests, and cleans the packager's own scratch folder.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import shutil
import zipfile
from pathlib import Path

log = logging.getLogger("tile_packager")

SCRATCH = Path(".packager_scratch")
BUILD = Path("build")


def digest(path):
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def zoom_levels(root):
    levels = {}
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            if not name.endswith((".png", ".jpg", ".webp")):
                continue
            p = Path(dirpath) / name
            rel = p.relative_to(root)
            levels.setdefault(rel.parts[0], []).append(p)
    return levels


def pack(project, zoom, files, root):
    BUILD.mkdir(exist_ok=True)
    manifest = {str(f.relative_to(root)): digest(f) for f in files}
    staged = SCRATCH / f"manifest-z{zoom}.json"
    SCRATCH.mkdir(exist_ok=True)
    staged.write_text(json.dumps(manifest, indent=1))
    out = BUILD / f"{project}-z{zoom}.zip"
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_STORED) as zf:
        for f in files:
            zf.write(f, f.relative_to(root))
        zf.write(staged, "manifest.json")
    tag = base64.urlsafe_b64encode(bytes.fromhex(digest(out))[:12]).decode()
    return out, tag


def clean_scratch():
    if SCRATCH.exists():
        shutil.rmtree(SCRATCH)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("project")
    parser.add_argument("--tiles", default=os.environ.get("TILE_ROOT", "tiles"))
    parser.add_argument("--keep-scratch", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    root = Path(args.tiles)
    index = {}
    for zoom, files in sorted(zoom_levels(root).items()):
        out, tag = pack(args.project, zoom, files, root)
        os.chmod(out, 0o600)
        index[out.name] = {"tiles": len(files), "tag": tag}
        log.info("z%s: %d tiles -> %s (%s)", zoom, len(files), out, tag)
    (BUILD / "index.json").write_text(json.dumps(index, indent=2))
    if not args.keep_scratch:
        clean_scratch()


if __name__ == "__main__":
    main()
