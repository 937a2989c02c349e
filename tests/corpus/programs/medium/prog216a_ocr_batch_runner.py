#!/usr/bin/env python3
"""Run Tesseract OCR over a scanned batch and produce searchable PDFs.

Each batch folder holds page images named <docket>_<page>.tif. Pages are
grouped by docket, a small shell script is generated per docket that runs
tesseract on each page and joins the results with qpdf, and the scripts
are run one after another. Output lands in ./ocr_out/<batch>/.
"""
import argparse
import logging
import os
import re
import shlex
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("ocr_batch")

PAGE_RE = re.compile(r"^(?P<docket>[A-Z]{2}-\d{4}-\d{3,6})_(?P<page>\d{3})\.tiff?$", re.I)

SCRIPT_HEAD = """#!/usr/bin/env bash
set -euo pipefail
cd "$WORK_DIR"
"""


class DocketJob:
    def __init__(self, docket, pages, out_dir, lang):
        self.docket = docket
        self.pages = sorted(pages)
        self.out_dir = out_dir
        self.lang = lang

    def script_text(self):
        lines = [SCRIPT_HEAD]
        parts = []
        for page in self.pages:
            stem = self.out_dir / f"{self.docket}_{page.stem.split('_')[-1]}"
            lines.append(f"tesseract {shlex.quote(str(page))} {shlex.quote(str(stem))} "
                         f"-l {shlex.quote(self.lang)} pdf >/dev/null 2>&1")
            parts.append(shlex.quote(f"{stem}.pdf"))
        final = shlex.quote(str(self.out_dir / f"{self.docket}.pdf"))
        lines.append(f"qpdf --empty --pages {' '.join(parts)} -- {final}")
        lines.append(f"rm -f {' '.join(parts)}")
        return "\n".join(lines) + "\n"


def group_pages(batch_dir):
    groups = defaultdict(list)
    skipped = 0
    for path in batch_dir.iterdir():
        m = PAGE_RE.match(path.name)
        if not m:
            skipped += 1
            continue
        groups[m.group("docket").upper()].append(path.resolve())
    if skipped:
        LOG.info("ignored %d file(s) not matching the page naming scheme", skipped)
    return groups


def run_job(job, script_dir, timeout):
    script = script_dir / f"ocr_{job.docket}.sh"
    script.write_text(job.script_text())
    env = dict(os.environ, WORK_DIR=str(job.out_dir), OMP_THREAD_LIMIT="1")
    try:
        proc = subprocess.run(["bash", str(script)], env=env, capture_output=True,
                              text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        LOG.error("%s: timed out after %ss", job.docket, timeout)
        return False
    if proc.returncode != 0:
        LOG.error("%s: failed (%d): %s", job.docket, proc.returncode,
                  proc.stderr.strip()[-300:])
        return False
    script.unlink()
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("batch", help="batch folder with page images")
    ap.add_argument("--lang", default="eng")
    ap.add_argument("--timeout", type=int, default=900)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    batch_dir = Path(args.batch)
    if not batch_dir.is_dir():
        LOG.error("batch folder %s not found", batch_dir)
        return 1
    out_dir = (Path("ocr_out") / batch_dir.name).resolve()
    script_dir = Path("ocr_out") / ".scripts"
    out_dir.mkdir(parents=True, exist_ok=True)
    script_dir.mkdir(parents=True, exist_ok=True)

    groups = group_pages(batch_dir)
    if not groups:
        LOG.warning("no pages found in %s", batch_dir)
        return 0
    ok = failed = 0
    for docket, pages in sorted(groups.items()):
        job = DocketJob(docket, pages, out_dir, args.lang)
        LOG.info("%s: %d page(s)", docket, len(pages))
        if run_job(job, script_dir, args.timeout):
            ok += 1
        else:
            failed += 1
    LOG.info("batch %s: %d docket(s) done, %d failed", batch_dir.name, ok, failed)
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
