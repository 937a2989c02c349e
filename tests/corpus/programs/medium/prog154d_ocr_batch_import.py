#!/usr/bin/env python3
"""Import a digitisation batch delivered by the imaging contractor.

Each batch arrives as a tarball with the frame images and a YAML batch
sheet. The importer unpacks it, reads the batch sheet, runs OCR on each
frame and keeps a cache of finished pages so reruns are quick.
"""
import argparse
import logging
import pickle
import subprocess
import sys
import tarfile
from pathlib import Path

import yaml

LOG = logging.getLogger("batch-import")

WORK_ROOT = Path("batches")
CACHE_FILE = Path("ocr_cache.pkl")
DEFAULT_LANG = "eng"


def unpack(tar_path: Path, dest: Path) -> Path:
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tar_path) as tf:
        tf.extractall(dest)
    LOG.info("unpacked %s into %s", tar_path.name, dest)
    return dest


def read_batch_sheet(folder: Path) -> dict:
    sheet = folder / "batch.yaml"
    if not sheet.exists():
        raise FileNotFoundError(f"no batch sheet in {folder}")
    with open(sheet, encoding="utf-8") as fh:
        # contractor sheets use a few custom tags for reel metadata
        return yaml.load(fh, Loader=yaml.Loader)


def load_cache() -> dict:
    if CACHE_FILE.exists():
        with open(CACHE_FILE, "rb") as fh:
            return pickle.load(fh)
    return {}


def save_cache(cache: dict):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(cache, fh)


def ocr_frame(image: Path, lang: str) -> str:
    result = subprocess.run(["tesseract", str(image), "stdout", "-l", lang],
                            capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip()[:200])
    return result.stdout


class BatchImporter:
    def __init__(self, lang):
        self.lang = lang
        self.cache = load_cache()
        self.done = 0
        self.failed = 0

    def run(self, folder: Path, sheet: dict):
        frames = sheet.get("frames") or sorted(p.name for p in folder.glob("*.tif"))
        out_dir = folder / "text"
        out_dir.mkdir(exist_ok=True)
        for name in frames:
            image = folder / name
            key = f"{sheet.get('reel', folder.name)}:{name}"
            try:
                text = self.cache.get(key) or ocr_frame(image, sheet.get("lang", self.lang))
            except (RuntimeError, subprocess.TimeoutExpired, FileNotFoundError) as exc:
                LOG.warning("frame %s failed: %s", name, exc)
                self.failed += 1
                continue
            self.cache[key] = text
            (out_dir / (Path(name).stem + ".txt")).write_text(text, encoding="utf-8")
            self.done += 1
        save_cache(self.cache)


def main():
    parser = argparse.ArgumentParser(description="Import a contractor batch")
    parser.add_argument("tarball", type=Path)
    parser.add_argument("--lang", default=DEFAULT_LANG)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if not args.tarball.is_file():
        LOG.error("no such file %s", args.tarball)
        return 1

    folder = unpack(args.tarball, WORK_ROOT / args.tarball.name.split(".")[0])
    sheet = read_batch_sheet(folder)
    importer = BatchImporter(args.lang)
    importer.run(folder, sheet)
    LOG.info("batch %s: %d pages done, %d failed",
             sheet.get("reel", "?"), importer.done, importer.failed)
    return 0 if importer.failed == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
