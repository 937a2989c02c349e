#!/usr/bin/env python3
"""Weekly newsagent report converter.

The head office sends the weekly sales/returns/lottery commission report as
an .ods template that pulls its figures from ./data/*.csv. This fills in the
week, has the locally installed LibreOffice render it headless, and collects
the PDF in ./data/out so it can be attached to the area manager email.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("report_convert")

TEMPLATE = os.environ.get("REPORT_TEMPLATE", "templates/weekly-report-2024.3.ods")
OFFICE_CANDIDATES = ("soffice", "libreoffice", "/opt/libreoffice/program/soffice")


class Converter:
    """Runs LibreOffice in its own profile so it never clashes with a user session."""

    def __init__(self, binary=None, timeout=180):
        self.binary = binary or self._find()
        self.timeout = timeout

    @staticmethod
    def _find():
        for cand in OFFICE_CANDIDATES:
            path = shutil.which(cand) or (cand if os.access(cand, os.X_OK) else None)
            if path:
                return path
        raise FileNotFoundError("LibreOffice not found (tried %s)" % ", ".join(OFFICE_CANDIDATES))

    def version(self):
        res = subprocess.run([self.binary, "--version"], capture_output=True, text=True, timeout=30)
        return res.stdout.strip()

    def run(self, source: Path, data_dir: Path, week: str):
        out_dir = data_dir / "out"
        profile = (data_dir / ".lo-profile").resolve()
        work = data_dir / f"weekly-report-{week}{source.suffix}"
        shutil.copyfile(source, work)
        cmd = [
            self.binary,
            f"-env:UserInstallation=file://{profile}",
            "--headless", "--norestore",
            "--convert-to", "pdf",
            "--outdir", str(out_dir),
            str(work),
        ]
        env = dict(os.environ, SHOP_ID=os.environ.get("SHOP_ID", "UNKNOWN"), REPORT_WEEK=week)
        LOG.debug("running %s", cmd)
        try:
            res = subprocess.run(cmd, cwd=data_dir, env=env, capture_output=True,
                                 text=True, timeout=self.timeout)
        finally:
            work.unlink(missing_ok=True)
        return res.returncode, (res.stdout or "") + (res.stderr or "")


def main(argv=None):
    ap = argparse.ArgumentParser(description="render the weekly head-office report")
    ap.add_argument("--week", default=time.strftime("%G-W%V"))
    ap.add_argument("--data", type=Path, default=Path("data"))
    ap.add_argument("--template", type=Path, default=Path(TEMPLATE))
    ap.add_argument("--office", help="path to soffice")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.data.is_dir():
        LOG.error("data folder %s missing", args.data)
        return 2
    if not args.template.is_file():
        LOG.error("template %s missing", args.template)
        return 2
    (args.data / "out").mkdir(exist_ok=True)

    try:
        conv = Converter(args.office)
        LOG.info("using %s", conv.version() or conv.binary)
        code, logs = conv.run(args.template, args.data, args.week)
    except (OSError, subprocess.SubprocessError) as exc:
        LOG.error("conversion failed: %s", exc)
        return 1
    for line in logs.splitlines():
        LOG.info("office: %s", line)
    pdfs = sorted((args.data / "out").glob(f"*{args.week}*.pdf"))
    if code != 0 or not pdfs:
        LOG.error("office exited %s, %d pdf(s)", code, len(pdfs))
        return 1
    for pdf in pdfs:
        LOG.info("ready: %s", pdf)
    return 0


if __name__ == "__main__":
    sys.exit(main())
