#!/usr/bin/env python3
"""Imaging workstation inventory report.

Produces a JSON report describing this workstation (OS release, CPU model)
and the radiographs in the current working folder, with small base64
thumbnails so the IT coordinator can eyeball the report in a browser.
"""
import argparse
import base64
import hashlib
import json
import logging
import platform
import sys
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("inventory")

SYSTEM_SOURCES = {
    "os": Path("/etc") / "os-release",
    "cpu": Path("/proc") / "cpuinfo",
}
IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".dcm"}
THUMB_LIMIT = 48 * 1024


def read_os_release(path: Path) -> dict:
    info = {}
    try:
        for line in path.read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
    return {"name": info.get("PRETTY_NAME", platform.system()), "id": info.get("ID", "?")}


def read_cpu(path: Path) -> dict:
    model, cores = "unknown", 0
    try:
        for line in path.read_text().splitlines():
            if line.startswith("model name") and model == "unknown":
                model = line.split(":", 1)[1].strip()
            if line.startswith("processor"):
                cores += 1
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
    return {"model": model, "logical_cores": cores}


class ImageEntry:
    def __init__(self, path: Path):
        self.path = path
        self.stat = path.stat()

    def cache_key(self) -> str:
        # MD5 only names the thumbnail slot; it is not a security control
        h = hashlib.md5(usedforsecurity=False)
        h.update(f"{self.path.name}:{self.stat.st_size}:{self.stat.st_mtime_ns}".encode())
        return h.hexdigest()

    def thumbnail(self):
        thumbs = Path(".thumbs") / f"{self.cache_key()}.png"
        source = thumbs if thumbs.exists() else self.path
        if source.suffix == ".dcm" or source.stat().st_size > THUMB_LIMIT:
            return None
        return base64.b64encode(source.read_bytes()).decode("ascii")

    def as_dict(self, with_thumbs: bool):
        d = {
            "file": str(self.path),
            "bytes": self.stat.st_size,
            "modified": datetime.fromtimestamp(self.stat.st_mtime, timezone.utc).isoformat(),
            "key": self.cache_key(),
        }
        if with_thumbs:
            d["thumb_b64"] = self.thumbnail()
        return d


def scan(folder: Path):
    for p in sorted(folder.rglob("*")):
        if p.is_file() and p.suffix.lower() in IMAGE_SUFFIXES and ".thumbs" not in p.parts:
            yield ImageEntry(p)


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--folder", default=".")
    ap.add_argument("--out", default="inventory_report.json")
    ap.add_argument("--no-thumbs", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")
    report = {
        "generated": datetime.now(timezone.utc).isoformat(),
        "host": platform.node(),
        "os": read_os_release(SYSTEM_SOURCES["os"]),
        "cpu": read_cpu(SYSTEM_SOURCES["cpu"]),
        "images": [],
    }
    for entry in scan(Path(args.folder)):
        try:
            report["images"].append(entry.as_dict(not args.no_thumbs))
        except OSError as exc:
            log.warning("skipping %s: %s", entry.path, exc)
    Path(args.out).write_text(json.dumps(report, indent=2))
    log.info("wrote %s with %d images", args.out, len(report["images"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
