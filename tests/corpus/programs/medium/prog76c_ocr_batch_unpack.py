#!/usr/bin/env python3
"""Unpack scan batches from the branch scanners and OCR them.

Each branch scanner station uploads a tarball per batch into ./incoming:

    batch-<station>-<timestamp>.tar.gz
        batch.yml        # station, operator, language, profile
        page-001.tif ...

The batches are unpacked into ./work/<batch>, every page is run through
Tesseract (text + hOCR) and the batch is moved to ./done when finished.
"""
import argparse
import logging
import shutil
import sys
import tarfile
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

import pytesseract
import yaml
from PIL import Image

log = logging.getLogger("ocr-batch")

DEFAULTS = {"language": "eng", "profile": "document", "dpi": 300}
PSM_BY_PROFILE = {"document": 3, "receipt": 4, "label": 6, "form": 11}


def batches(incoming):
    for path in sorted(Path(incoming).glob("batch-*.tar*")):
        if path.suffix == ".part":
            continue
        yield path


def unpack(archive, workroot):
    name = archive.name.split(".tar")[0]
    dest = Path(workroot) / name
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    with tarfile.open(archive, "r:*") as tar:
        tar.extractall(dest)
    return dest


def read_manifest(batch_dir):
    meta = dict(DEFAULTS)
    manifest = batch_dir / "batch.yml"
    if manifest.exists():
        with open(manifest) as fh:
            loaded = yaml.load(fh, Loader=yaml.Loader) or {}
        meta.update(loaded)
    else:
        log.warning("%s has no batch.yml, using defaults", batch_dir.name)
    return meta


def ocr_page(page, meta):
    psm = PSM_BY_PROFILE.get(meta["profile"], 3)
    config = f"--psm {psm} --dpi {int(meta['dpi'])}"
    with Image.open(page) as img:
        text = pytesseract.image_to_string(img, lang=meta["language"], config=config)
        hocr = pytesseract.image_to_pdf_or_hocr(img, lang=meta["language"],
                                                config=config, extension="hocr")
    page.with_suffix(".txt").write_text(text, encoding="utf-8")
    page.with_suffix(".hocr").write_bytes(hocr)
    return len(text.split())


def process(archive, workroot, doneroot, workers):
    batch_dir = unpack(archive, workroot)
    meta = read_manifest(batch_dir)
    pages = sorted(batch_dir.glob("*.tif")) + sorted(batch_dir.glob("*.png"))
    log.info("%s: %d page(s), lang=%s profile=%s station=%s", batch_dir.name,
             len(pages), meta["language"], meta["profile"], meta.get("station", "?"))
    words = 0
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(ocr_page, p, meta): p for p in pages}
        for fut in as_completed(futures):
            try:
                words += fut.result()
            except (pytesseract.TesseractError, OSError) as exc:
                log.error("  %s failed: %s", futures[fut].name, exc)
    Path(doneroot).mkdir(parents=True, exist_ok=True)
    shutil.move(str(batch_dir), str(Path(doneroot) / batch_dir.name))
    archive.unlink()
    log.info("%s done, %d words", batch_dir.name, words)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--incoming", default="incoming")
    ap.add_argument("--work", default="work")
    ap.add_argument("--done", default="done")
    ap.add_argument("-j", "--jobs", type=int, default=4)
    ap.add_argument("--tesseract", help="path to tesseract binary")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if args.tesseract:
        pytesseract.pytesseract.tesseract_cmd = args.tesseract

    failures = 0
    for archive in batches(args.incoming):
        try:
            process(archive, args.work, args.done, args.jobs)
        except (tarfile.TarError, yaml.YAMLError, OSError) as exc:
            log.error("batch %s failed: %s", archive.name, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
