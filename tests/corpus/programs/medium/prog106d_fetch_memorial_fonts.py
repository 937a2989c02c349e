#!/usr/bin/env python3
"""Fetch the memorial lettering fonts used by the proof and CAM tools.

The letter-cutters' font collection (Roman capitals, Trajan, Gill-style
sans, Celtic uncial, Hebrew block) is published by the trade association as
versioned tarballs with a JSON manifest.  This downloads the packs listed
in fonts.toml, checks their SHA-256, unpacks them under ./fonts and writes
an index the proof builder uses to find a face by name.
"""
import argparse
import hashlib
import json
import logging
import sys
import tarfile
import tempfile
import tomllib
from pathlib import Path

import requests

LOG = logging.getLogger("fonts")

MANIFEST_URL = "https://downloads.memorialmasons-assoc.org.uk/fonts/manifest.json"
FONT_SUFFIXES = (".ttf", ".otf", ".pfb", ".shx")


def load_wanted(path):
    cfg = tomllib.loads(Path(path).read_text()) if Path(path).exists() else {}
    return cfg.get("packs", ["roman-capitals", "trajan-incised", "celtic-uncial"])


def get_manifest(session, url):
    resp = session.get(url, timeout=30)
    resp.raise_for_status()
    return {p["name"]: p for p in resp.json()["packs"]}


def download(session, url, dest):
    digest = hashlib.sha256()
    with session.get(url, stream=True, timeout=(10, 120)) as resp:
        resp.raise_for_status()
        with open(dest, "wb") as fh:
            for chunk in resp.iter_content(1 << 16):
                fh.write(chunk)
                digest.update(chunk)
    return digest.hexdigest()


def unpack(archive, target):
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:*") as tf:
        tf.extractall(target)
    return sorted(p for p in target.rglob("*") if p.suffix.lower() in FONT_SUFFIXES)


def build_index(font_root):
    index = {}
    for pack_dir in sorted(p for p in font_root.iterdir() if p.is_dir()):
        for face in pack_dir.rglob("*"):
            if face.suffix.lower() in FONT_SUFFIXES:
                index[face.stem.lower()] = str(face.relative_to(font_root))
    (font_root / "index.json").write_text(json.dumps(index, indent=2, sort_keys=True))
    return index


def fetch_packs(names, font_root, manifest_url):
    session = requests.Session()
    session.headers["User-Agent"] = "hartley-fonts/3.0"
    manifest = get_manifest(session, manifest_url)
    installed = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            pack = manifest.get(name)
            if not pack:
                LOG.warning("%s is not in the manifest", name)
                continue
            stamp = font_root / name / ".version"
            if stamp.exists() and stamp.read_text().strip() == pack["version"]:
                LOG.info("%s %s already present", name, pack["version"])
                continue
            archive = Path(tmp, f"{name}.tar.gz")
            LOG.info("downloading %s %s", name, pack["version"])
            if download(session, pack["url"], archive) != pack["sha256"]:
                LOG.error("%s: checksum mismatch, skipped", name)
                continue
            faces = unpack(archive, font_root / name)
            stamp.write_text(pack["version"])
            LOG.info("%s: %d face(s)", name, len(faces))
            installed.append((name, faces))
    return installed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="fonts.toml")
    ap.add_argument("--dest", default="fonts")
    ap.add_argument("--manifest", default=MANIFEST_URL)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    font_root = Path(args.dest)
    font_root.mkdir(exist_ok=True)
    try:
        fetch_packs(load_wanted(args.config), font_root, args.manifest)
    except (requests.RequestException, KeyError, ValueError) as exc:
        LOG.error("font update failed: %s", exc)
        return 1
    index = build_index(font_root)
    LOG.info("%d face(s) indexed in %s", len(index), font_root / "index.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
