#!/usr/bin/env python3
"""Turn candidate CVs (digital or scanned PDFs, photos) into plain text.

Digital PDFs go through pdftotext; anything that yields no text layer is
rasterised with pdftoppm and read with tesseract.  On a fresh desk machine
the poppler and tesseract packages are installed on first run.
"""
import argparse
import logging
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("cv-ocr")

TOOLS = {"pdftotext": "poppler-utils", "pdftoppm": "poppler-utils", "tesseract": "tesseract-ocr"}
IMAGE_EXT = {".png", ".jpg", ".jpeg", ".tif", ".tiff"}
MIN_TEXT_CHARS = 80


def missing_tools():
    return sorted({pkg for tool, pkg in TOOLS.items() if shutil.which(tool) is None})


def install_packages(packages, langs):
    """Install the OCR toolchain through the desktop's policy-kit prompt."""
    packages = list(packages) + [f"tesseract-ocr-{code}" for code in langs if code != "eng"]
    elevate = ["pkexec"] if shutil.which("pkexec") else ["sudo", "-n"]
    LOG.info("installing %s", " ".join(packages))
    refresh = subprocess.run(elevate + ["apt-get", "update", "-q"], capture_output=True, text=True)
    if refresh.returncode != 0:
        LOG.warning("package index refresh failed: %s", refresh.stderr.strip()[-300:])
    result = subprocess.run(
        elevate + ["apt-get", "install", "-y", "--no-install-recommends", *packages],
        capture_output=True, text=True,
    )
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip()[-500:] or "package install failed")


def run(cmd, **kw):
    LOG.debug("running %s", " ".join(map(str, cmd)))
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw)


def pdf_text_layer(pdf):
    return run(["pdftotext", "-layout", "-enc", "UTF-8", str(pdf), "-"]).stdout


def ocr_image(image, langs):
    return run(["tesseract", str(image), "stdout", "-l", "+".join(langs), "--psm", "3"]).stdout


def ocr_pdf(pdf, langs, dpi):
    with tempfile.TemporaryDirectory(prefix="cvocr-") as tmp:
        run(["pdftoppm", "-r", str(dpi), "-png", str(pdf), str(Path(tmp) / "page")])
        pages = sorted(Path(tmp).glob("page*.png"))
        return "\n\f".join(ocr_image(p, langs) for p in pages)


def convert(path, langs, dpi):
    suffix = path.suffix.lower()
    if suffix == ".pdf":
        text = pdf_text_layer(path)
        if len(text.strip()) >= MIN_TEXT_CHARS:
            return text, "text-layer"
        return ocr_pdf(path, langs, dpi), "ocr"
    if suffix in IMAGE_EXT:
        return ocr_image(path, langs), "ocr"
    raise ValueError(f"unsupported file type {suffix}")


def iter_inputs(paths):
    for p in map(Path, paths):
        if p.is_dir():
            yield from (f for f in sorted(p.iterdir()) if f.is_file())
        else:
            yield p


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("inputs", nargs="+", help="CV files or folders")
    ap.add_argument("-o", "--out-dir", default="ocr_text")
    ap.add_argument("-l", "--lang", default="eng", help="tesseract languages, e.g. eng+pol")
    ap.add_argument("--dpi", type=int, default=300)
    ap.add_argument("--no-install", dest="install", action="store_false",
                    help="do not install missing OCR tools")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    langs = args.lang.split("+")

    missing = missing_tools()
    if missing:
        if not args.install:
            LOG.error("missing packages: %s", ", ".join(missing))
            return 2
        try:
            install_packages(missing, langs)
        except (RuntimeError, OSError) as exc:
            LOG.error("could not install OCR tools: %s", exc)
            return 2

    out_dir = Path(args.out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    done = errors = 0
    for src in iter_inputs(args.inputs):
        try:
            text, method = convert(src, langs, args.dpi)
        except (ValueError, subprocess.CalledProcessError) as exc:
            detail = getattr(exc, "stderr", "") or exc
            LOG.warning("%s: %s", src.name, str(detail).strip()[:200])
            errors += 1
            continue
        (out_dir / f"{src.stem}.txt").write_text(text, encoding="utf-8")
        LOG.info("%s -> %s.txt (%s, %d chars)", src.name, src.stem, method, len(text))
        done += 1
    LOG.info("converted %d file(s), %d error(s)", done, errors)
    return 0 if errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
