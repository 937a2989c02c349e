#!/usr/bin/env python3
"""Batch OCR for scanned first-notice-of-loss (FNOL) claim forms.

Runs tesseract over every scanned page in the inbox folder, then applies the
carrier's field-extraction rules (policy number, date of loss, VIN, ...) and
writes one JSON record per form.  Extra rules for new form revisions are
read from a local JSON file of named regular expressions that the forms
team ships alongside the tablet image.
"""
import argparse
import configparser
import json
import logging
import os
import re
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("ocr_batch")

DEFAULTS = {
    "rules_file": "fnol_rules.json",
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
    """Holds the extractor callables for each named field."""

    builtin_patterns = {
        "policy_number": r"Policy\s*(?:No\.?|Number)[:\s]+([A-Z0-9-]{6,})",
        "date_of_loss": r"Date\s+of\s+Loss[:\s]+(\d{1,2}/\d{1,2}/\d{2,4})",
        "vin": r"\b([A-HJ-NPR-Z0-9]{17})\b",
    }

    def __init__(self):
        self.extractors = {}
        for name, pattern in self.builtin_patterns.items():
            self.register(name, pattern)

    @staticmethod
    def _regex_extractor(rx):
        def extract(text):
            m = rx.search(text)
            return m.group(1) if m else None
        return extract

    def register(self, name, pattern):
        self.extractors[name] = self._regex_extractor(re.compile(pattern, re.I))

    def apply(self, text):
        return {name: fn(text) for name, fn in self.extractors.items()}


def install_rules_file(rules, path):
    with open(path, encoding="utf-8") as fh:
        spec = json.load(fh)
    for name, pattern in spec.get("fields", {}).items():
        try:
            rules.register(name, pattern)
        except re.error as exc:
            LOG.warning("bad pattern for %s: %s", name, exc)
    LOG.info("rules file loaded (%d extractors)", len(rules.extractors))


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
    ap.add_argument("--builtin-only", action="store_true", help="ignore the rules file")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")

    cfg = load_config(args.config)
    rules = RulesPack()
    if not args.builtin_only:
        try:
            install_rules_file(rules, cfg["rules_file"])
        except (OSError, ValueError) as exc:
            LOG.warning("continuing with built-in rules: %s", exc)

    done = process_inbox(args.inbox, args.out, rules, cfg)
    LOG.info("processed %d pages", done)
    return 0 if done else 1


if __name__ == "__main__":
    sys.exit(main())
