#!/usr/bin/env python3
"""Send scanned page images to a hosted OCR API and save the text.

For every image in the given folder, posts it (base64 in a JSON body) to
the OCR service configured by OCR_API_URL, authenticating with OCR_API_KEY
from the environment.  The recognised text is written next to the image as
<name>.txt.  The key is only ever sent to that API.
"""
import argparse
import base64
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("ocr-client")
DEFAULT_URL = "https://api.ocr.example.com/v2/recognize"
SCAN_TYPES = {".png", ".jpg", ".jpeg", ".tif", ".tiff"}


class OcrClient:
    def __init__(self, url, api_key, language="eng", timeout=60):
        self.url = url
        self.language = language
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Content-Type": "application/json",
        })

    def recognize(self, image_path, retries=3):
        payload = {
            "language": self.language,
            "filename": image_path.name,
            "image": base64.b64encode(image_path.read_bytes()).decode("ascii"),
        }
        for attempt in range(1, retries + 1):
            try:
                resp = self.session.post(self.url, data=json.dumps(payload),
                                         timeout=self.timeout)
                if resp.status_code == 429:
                    wait = int(resp.headers.get("Retry-After", 2 ** attempt))
                    log.info("rate limited, sleeping %ss", wait)
                    time.sleep(wait)
                    continue
                resp.raise_for_status()
                return resp.json().get("text", "")
            except requests.RequestException as exc:
                log.warning("attempt %d for %s failed: %s", attempt, image_path.name, exc)
                time.sleep(2 ** attempt)
        raise RuntimeError(f"OCR failed for {image_path}")


def pending_images(folder, overwrite):
    for img in sorted(folder.iterdir()):
        if img.suffix.lower() not in SCAN_TYPES:
            continue
        out = img.with_suffix(".txt")
        if out.exists() and not overwrite:
            continue
        yield img, out


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", type=Path)
    ap.add_argument("--lang", default="eng")
    ap.add_argument("--overwrite", action="store_true")
    ap.add_argument("--combined", action="store_true",
                    help="also write all-pages.txt in the folder")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    api_key = os.environ.get("OCR_API_KEY")
    if not api_key:
        log.error("set OCR_API_KEY first")
        return 2
    client = OcrClient(os.environ.get("OCR_API_URL", DEFAULT_URL), api_key, args.lang)

    pages, failures = [], 0
    for img, out in pending_images(args.folder, args.overwrite):
        try:
            text = client.recognize(img)
        except RuntimeError as exc:
            log.error("%s", exc)
            failures += 1
            continue
        out.write_text(text, encoding="utf-8")
        pages.append((img.name, text))
        log.info("%s: %d characters", img.name, len(text))

    if args.combined and pages:
        combined = args.folder / "all-pages.txt"
        with combined.open("w", encoding="utf-8") as fh:
            for name, text in pages:
                fh.write(f"===== {name} =====\n{text}\n\n")
        log.info("combined text in %s", combined)
    log.info("done: %d ok, %d failed", len(pages), failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
