#!/usr/bin/env python3
"""Extract text from uploaded transcript PDFs for the reader queue.

For every PDF in the incoming folder, runs pdftotext through a small
generated shell batch, records page and word counts, and flags files
that look like scanned images (no text layer) for manual review.
"""

import argparse
import csv
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("transcript-extract")

BATCH_HEADER = """#!/bin/bash
# generated batch: one line per transcript
set -u
extract() {
    local src="$1" dst="$2"
    pdftotext -layout "$src" "$dst" 2>/dev/null || return 1
    pages=$(pdfinfo "$src" 2>/dev/null | awk '/^Pages:/ {print $2}')
    words=$(wc -w < "$dst")
    printf '%s\\t%s\\t%s\\n' "$(basename "$src")" "${pages:-0}" "$words"
}
"""


class Extraction:
    def __init__(self, name, pages, words):
        self.name = name
        self.pages = int(pages or 0)
        self.words = int(words or 0)

    @property
    def looks_scanned(self):
        return self.pages > 0 and self.words / self.pages < 40


def write_batch(pdfs, out_dir, batch_path):
    lines = [BATCH_HEADER]
    for pdf in pdfs:
        txt = out_dir / (pdf.stem + ".txt")
        lines.append(f'extract "{pdf}" "{txt}"')
    batch_path.write_text("\n".join(lines) + "\n")
    LOG.debug("batch with %d entries at %s", len(pdfs), batch_path)


def run_batch(batch_path):
    proc = subprocess.run(["bash", str(batch_path)], capture_output=True, text=True)
    if proc.returncode not in (0, 1):
        LOG.warning("batch exit status %d", proc.returncode)
    results = []
    for line in proc.stdout.splitlines():
        parts = line.split("\t")
        if len(parts) == 3:
            results.append(Extraction(*parts))
    return results


def tool_available(name):
    return subprocess.call(f"command -v {name} >/dev/null 2>&1", shell=True) == 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--incoming", default="incoming")
    parser.add_argument("--out", default="extracted")
    parser.add_argument("--report", default="extraction_report.csv")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    for tool in ("pdftotext", "pdfinfo"):
        if not tool_available(tool):
            LOG.error("%s not installed (apt package poppler-utils)", tool)
            return 2

    incoming = Path(args.incoming)
    out_dir = Path(args.out)
    out_dir.mkdir(exist_ok=True)
    pdfs = sorted(p for p in incoming.glob("*.pdf") if p.is_file())
    if not pdfs:
        LOG.info("no transcripts waiting in %s", incoming)
        return 0

    batch = out_dir / "batch.sh"
    write_batch(pdfs, out_dir, batch)
    try:
        results = run_batch(batch)
    finally:
        batch.unlink(missing_ok=True)

    scanned = 0
    with open(args.report, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["file", "pages", "words", "needs_manual_review"])
        for item in results:
            writer.writerow([item.name, item.pages, item.words, item.looks_scanned])
            scanned += item.looks_scanned

    failed = len(pdfs) - len(results)
    LOG.info("extracted %d/%d transcripts, %d flagged as scanned, %d failed",
             len(results), len(pdfs), scanned, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
