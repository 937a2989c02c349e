#!/usr/bin/env python3
"""Batch OCR of scanned pages with the tesseract CLI.

Scans under ./scans are recognised page by page; the text is written next to
./ocr-out/<stem>.txt and a per-page cache avoids re-running tesseract on pages
that did not change.  Languages and page segmentation mode come from
./ocr.toml if present.
"""

import argparse
import hashlib
import logging
import pickle
import shutil
import subprocess
import sys
import tomllib
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

log = logging.getLogger("ocr-batch")

IMAGE_SUFFIXES = {".png", ".tif", ".tiff", ".jpg", ".jpeg", ".pbm", ".pgm"}
CACHE_FILE = Path(".ocr-cache.pickle")
DEFAULTS = {"languages": ["eng"], "psm": 3, "oem": 1, "dpi": 300, "workers": 4}


def load_config(path: Path) -> dict:
    cfg = dict(DEFAULTS)
    if path.is_file():
        with path.open("rb") as fh:
            cfg.update(tomllib.load(fh).get("ocr", {}))
    return cfg


class OcrCache:
    def __init__(self, path: Path):
        self.path = path
        self.entries = {}
        if path.exists():
            try:
                with path.open("rb") as fh:
                    self.entries = pickle.load(fh)
            except (pickle.UnpicklingError, EOFError):
                log.warning("cache unreadable, starting fresh")

    @staticmethod
    def key(image: Path, cfg: dict) -> str:
        h = hashlib.md5(image.read_bytes())
        h.update(repr((cfg["languages"], cfg["psm"], cfg["oem"])).encode())
        return h.hexdigest()

    def get(self, key):
        return self.entries.get(key)

    def put(self, key, text):
        self.entries[key] = text

    def save(self):
        with self.path.open("wb") as fh:
            pickle.dump(self.entries, fh, protocol=pickle.HIGHEST_PROTOCOL)


def run_tesseract(image: Path, cfg: dict, tesseract: str) -> str:
    cmd = [
        tesseract, str(image), "stdout",
        "-l", "+".join(cfg["languages"]),
        "--psm", str(cfg["psm"]),
        "--oem", str(cfg["oem"]),
        "--dpi", str(cfg["dpi"]),
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if proc.returncode != 0:
        raise RuntimeError(f"tesseract failed on {image.name}: {proc.stderr.strip()[:200]}")
    return proc.stdout


def collect_images(root: Path):
    return sorted(p for p in root.rglob("*") if p.suffix.lower() in IMAGE_SUFFIXES)


def process(images, cfg, cache, out_dir, tesseract):
    done, failed = 0, 0
    pending = {}
    with ThreadPoolExecutor(max_workers=int(cfg["workers"])) as pool:
        for img in images:
            key = cache.key(img, cfg)
            cached = cache.get(key)
            if cached is not None:
                (out_dir / f"{img.stem}.txt").write_text(cached, encoding="utf-8")
                done += 1
                continue
            pending[pool.submit(run_tesseract, img, cfg, tesseract)] = (img, key)
        for fut in as_completed(pending):
            img, key = pending[fut]
            try:
                text = fut.result()
            except (RuntimeError, subprocess.TimeoutExpired) as exc:
                log.error("%s", exc)
                failed += 1
                continue
            cache.put(key, text)
            (out_dir / f"{img.stem}.txt").write_text(text, encoding="utf-8")
            done += 1
            log.info("recognised %s (%d chars)", img.name, len(text))
    return done, failed


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scans", default="scans", type=Path)
    ap.add_argument("--out", default="ocr-out", type=Path)
    ap.add_argument("--config", default="ocr.toml", type=Path)
    ap.add_argument("--lang", action="append", help="override languages")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    tesseract = shutil.which("tesseract")
    if not tesseract:
        log.error("tesseract is not installed")
        return 2
    cfg = load_config(args.config)
    if args.lang:
        cfg["languages"] = args.lang
    images = collect_images(args.scans)
    if not images:
        log.warning("no images under %s", args.scans)
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    cache = OcrCache(CACHE_FILE)
    done, failed = process(images, cfg, cache, args.out, tesseract)
    cache.save()
    log.info("%d pages done, %d failed", done, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
