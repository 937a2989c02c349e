#!/usr/bin/env python3
"""Build the label bundle for the packing tablets.

Collects the box-size label templates and logo images from ./labels,
embeds the images as base64 in a single JSON bundle the tablet app loads,
and stamps the bundle with build info. `--clean` removes this project's
own build output and caches first.
"""
import argparse
import base64
import json
import logging
import platform
import shutil
import sys
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("label_bundle")

PROJECT = Path(__file__).resolve().parent
SRC = PROJECT / "labels"
BUILD = PROJECT / "build"
# our own generated stuff only
CLEAN_TARGETS = [BUILD, PROJECT / ".bundle_cache", PROJECT / "__pycache__"]
IMAGE_TYPES = {".png": "image/png", ".svg": "image/svg+xml", ".jpg": "image/jpeg"}


def os_release():
    info = {}
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                key, _, value = line.strip().partition("=")
                if key:
                    info[key] = value.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", platform.platform())


def clean():
    for target in CLEAN_TARGETS:
        # never follow anything that points outside the project
        if not target.resolve().is_relative_to(PROJECT):
            log.warning("refusing to remove %s", target)
            continue
        if target.is_dir():
            shutil.rmtree(target)
            log.info("removed %s", target.relative_to(PROJECT))
        elif target.exists():
            target.unlink()


class Bundle:
    def __init__(self):
        self.templates = {}
        self.images = {}

    def add_template(self, path: Path):
        text = path.read_text(encoding="utf-8")
        if "{member_name}" not in text:
            log.warning("%s has no {member_name} placeholder", path.name)
        self.templates[path.stem] = text

    def add_image(self, path: Path):
        data = path.read_bytes()
        if len(data) > 512 * 1024:
            raise ValueError(f"{path.name} is over 512 KiB")
        self.images[path.name] = {
            "type": IMAGE_TYPES[path.suffix.lower()],
            "data": base64.b64encode(data).decode("ascii"),
        }

    def to_json(self):
        return json.dumps({
            "built": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "build_host_os": os_release(),
            "templates": self.templates,
            "images": self.images,
        }, indent=2)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clean", action="store_true")
    ap.add_argument("--out", default="labels_bundle.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean:
        clean()
    if not SRC.is_dir():
        log.error("no labels folder at %s", SRC)
        return 1

    bundle, problems = Bundle(), 0
    for path in sorted(SRC.iterdir()):
        try:
            if path.suffix == ".tmpl":
                bundle.add_template(path)
            elif path.suffix.lower() in IMAGE_TYPES:
                bundle.add_image(path)
        except (OSError, ValueError, UnicodeDecodeError) as exc:
            problems += 1
            log.error("%s: %s", path.name, exc)

    BUILD.mkdir(exist_ok=True)
    out = BUILD / args.out
    out.write_text(bundle.to_json(), encoding="utf-8")
    log.info("bundle: %d templates, %d images -> %s", len(bundle.templates), len(bundle.images),
             out.relative_to(PROJECT))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
