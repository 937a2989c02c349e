#!/usr/bin/env python3
"""OCR a scanned PDF into a searchable text file.

Pipeline: copy the PDF to a fixed staging dir, rasterise with pdftoppm,
run tesseract on every page, then collect the text into <input>.txt next
to the PDF.  Needs poppler-utils and tesseract-ocr.
"""
import argparse
import glob
import logging
import os
import shutil
import subprocess
import sys

STAGE_DIR = "/tmp/ocr_stage"
STAGE_PDF = os.path.join(STAGE_DIR, "input.pdf")
LOG_FILE = "/tmp/ocr_pipeline.log"

log = logging.getLogger("ocr")


def prepare_stage():
    if os.path.isdir(STAGE_DIR):
        shutil.rmtree(STAGE_DIR)
    os.makedirs(STAGE_DIR, exist_ok=True)


def rasterise(dpi):
    # fixed command line; the PDF is always staged under the same name
    cmd = f"pdftoppm -r {int(dpi)} -gray -png {STAGE_PDF} {STAGE_DIR}/page"
    rc = os.system(cmd)
    if rc != 0:
        raise RuntimeError(f"pdftoppm exited with {rc}")
    pages = sorted(glob.glob(os.path.join(STAGE_DIR, "page-*.png")))
    log.info("rasterised %d page(s) at %d dpi", len(pages), dpi)
    return pages


def ocr_page(png, lang, psm):
    base = png[:-4]
    result = subprocess.run(
        ["tesseract", png, base, "-l", lang, "--psm", str(psm)],
        capture_output=True, text=True,
    )
    if result.returncode != 0:
        log.warning("tesseract failed on %s: %s", os.path.basename(png), result.stderr.strip())
        return ""
    with open(base + ".txt", encoding="utf-8") as fh:
        return fh.read()


def check_tools():
    out = subprocess.run("pdftoppm -v 2>&1 | head -n1; tesseract --version | head -n1",
                         shell=True, capture_output=True, text=True)
    for line in out.stdout.splitlines():
        log.debug("tool: %s", line)
    missing = [t for t in ("pdftoppm", "tesseract") if shutil.which(t) is None]
    if missing:
        raise SystemExit(f"missing tools: {', '.join(missing)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("pdf")
    ap.add_argument("--lang", default="eng", help="tesseract language(s), e.g. deu+eng")
    ap.add_argument("--dpi", type=int, default=300)
    ap.add_argument("--psm", type=int, default=3)
    ap.add_argument("--keep-stage", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO,
                        handlers=[logging.StreamHandler(), logging.FileHandler(LOG_FILE)],
                        format="%(asctime)s %(levelname)s %(message)s")
    if not args.pdf.lower().endswith(".pdf") or not os.path.isfile(args.pdf):
        ap.error("need an existing .pdf file")

    check_tools()
    prepare_stage()
    shutil.copyfile(args.pdf, STAGE_PDF)
    try:
        pages = rasterise(args.dpi)
        chunks = []
        for number, png in enumerate(pages, start=1):
            text = ocr_page(png, args.lang, args.psm)
            chunks.append(f"--- page {number} ---\n{text.strip()}\n")
            log.info("page %d: %d chars", number, len(text))
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    finally:
        if not args.keep_stage:
            shutil.rmtree(STAGE_DIR, ignore_errors=True)

    out_path = os.path.splitext(args.pdf)[0] + ".txt"
    with open(out_path, "w", encoding="utf-8") as fh:
        fh.write("\n".join(chunks))
    log.info("wrote %s", out_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
