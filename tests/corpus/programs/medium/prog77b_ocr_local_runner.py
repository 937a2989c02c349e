#!/usr/bin/env python3
"""Batch invoice OCR using the locally installed Tesseract.

Every page image in the batch folder is converted to a .txt file next to it;
the AP importer picks those up. Pages are processed in a small worker pool
because tesseract is single-threaded per page with --psm 6.
"""

import argparse
import logging
import os
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

log = logging.getLogger("ocr-runner")

TESSERACT = os.environ.get("TESSERACT_BIN", "tesseract")
PAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".tif", ".tiff")


class LocalEngine:
    def __init__(self, binary, lang, timeout=300):
        self.binary = shutil.which(binary) or binary
        self.lang = lang
        self.timeout = timeout

    def version(self):
        out = subprocess.run([self.binary, "--version"], capture_output=True,
                             text=True, timeout=30, check=False)
        first = (out.stdout or out.stderr).splitlines()
        return first[0] if first else "unknown"

    def ocr_page(self, page):
        out_base = page.with_suffix("")
        cmd = [self.binary, str(page), str(out_base), "-l", self.lang, "--psm", "6", "txt"]
        proc = subprocess.run(cmd, capture_output=True, text=True,
                              timeout=self.timeout, check=False)
        if proc.returncode != 0:
            raise RuntimeError(f"{page.name}: tesseract exited {proc.returncode}: "
                               f"{proc.stderr.strip()[:300]}")
        return page.with_suffix(".txt")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("batch_dir", help="folder with scanned invoice pages")
    ap.add_argument("--lang", default="deu+eng")
    ap.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    ap.add_argument("--force", action="store_true", help="redo pages that already have .txt")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    batch = Path(args.batch_dir).resolve()
    if not batch.is_dir():
        log.error("%s is not a directory", batch)
        return 1
    pages = [p for p in sorted(batch.iterdir())
             if p.suffix.lower() in PAGE_SUFFIXES
             and (args.force or not p.with_suffix(".txt").exists())]
    if not pages:
        log.info("nothing to do in %s", batch)
        return 0

    engine = LocalEngine(TESSERACT, args.lang)
    try:
        log.info("using %s", engine.version())
    except (OSError, subprocess.TimeoutExpired) as exc:
        log.error("tesseract not usable: %s", exc)
        return 1

    started = time.monotonic()
    failures = 0
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(engine.ocr_page, p): p for p in pages}
        for fut in as_completed(futures):
            page = futures[fut]
            try:
                txt = fut.result()
                log.debug("%s -> %s", page.name, txt.name)
            except (RuntimeError, subprocess.TimeoutExpired) as exc:
                failures += 1
                log.error("%s", exc)
    took = time.monotonic() - started
    log.info("OCR finished: %d/%d pages in %.1fs", len(pages) - failures, len(pages), took)
    return 2 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
