#!/usr/bin/env python3
"""Photo catalogue fixity checker.

Walks the digitised photograph catalogue in the working directory, records a
SHA-256 fixity value for every image, builds a contact-sheet HTML page with
inline thumbnails and reports the catalogue totals to the collections API.
"""
import argparse
import asyncio
import base64
import hashlib
import json
import logging
import os
import pathlib
import urllib.request
from dataclasses import dataclass, asdict

log = logging.getLogger("catalogue_fixity")

IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".tif", ".tiff"}
API_URL = os.environ.get("COLLECTIONS_API", "https://collections.example.org/api/v1/fixity")


@dataclass
class Record:
    path: str
    size: int
    sha256: str


def digest(path, chunk=1 << 20):
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


async def record_for(path, root):
    value = await asyncio.to_thread(digest, path)
    return Record(str(path.relative_to(root)), path.stat().st_size, value)


async def scan(root):
    paths = [p for p in sorted(root.rglob("*")) if p.suffix.lower() in IMAGE_SUFFIXES]
    return await asyncio.gather(*(record_for(p, root) for p in paths))


def compare(records, previous):
    changed = [r.path for r in records
               if r.path in previous and previous[r.path] != r.sha256]
    added = [r.path for r in records if r.path not in previous]
    return changed, added


def contact_sheet(records, root, thumbs):
    cells = []
    for r in records:
        thumb = thumbs / (pathlib.Path(r.path).stem + "_thumb.jpg")
        if thumb.exists():
            data = base64.b64encode(thumb.read_bytes()).decode()
            cells.append(f'<figure><img src="data:image/jpeg;base64,{data}">'
                         f"<figcaption>{r.path}</figcaption></figure>")
    return "<html><body>" + "\n".join(cells) + "</body></html>"


def report(records, changed):
    key = os.environ.get("COLLECTIONS_API_KEY")
    if not key:
        log.info("no API key set; skipping report")
        return
    body = json.dumps({"images": len(records), "bytes": sum(r.size for r in records),
                       "changed": changed}).encode()
    req = urllib.request.Request(API_URL, data=body, method="POST",
                                 headers={"Content-Type": "application/json",
                                          "Authorization": f"Bearer {key}"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        log.info("collections API: %s", resp.status)


def main():
    parser = argparse.ArgumentParser(description="Catalogue fixity check")
    parser.add_argument("--root", type=pathlib.Path, default=pathlib.Path("catalogue"))
    parser.add_argument("--thumbs", type=pathlib.Path, default=pathlib.Path("thumbs"))
    parser.add_argument("--manifest", type=pathlib.Path, default=pathlib.Path("fixity.json"))
    parser.add_argument("--no-report", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    previous = {}
    if args.manifest.exists():
        previous = {r["path"]: r["sha256"] for r in json.loads(args.manifest.read_text())}
    records = asyncio.run(scan(args.root))
    changed, added = compare(records, previous)
    for p in changed:
        log.warning("fixity changed: %s", p)
    args.manifest.write_text(json.dumps([asdict(r) for r in records], indent=1))
    pathlib.Path("contact_sheet.html").write_text(contact_sheet(records, args.root, args.thumbs))
    log.info("%d images, %d new, %d changed", len(records), len(added), len(changed))
    if not args.no_report:
        report(records, changed)


if __name__ == "__main__":
    main()
