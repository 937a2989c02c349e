#!/usr/bin/env python3
"""Impose PDFs (n-up, booklet) with the local prepress toolchain.

Uses the pdfjam that ships with the workstation's TeX Live install and
checks the result with qpdf, so the output matches what the RIP expects.

    impose input.pdf --nup 2x1 --paper a3paper --landscape
    impose input.pdf --booklet --paper a4paper
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("impose")

PDFJAM = os.environ.get("PDFJAM", "pdfjam")
QPDF = os.environ.get("QPDF", "qpdf")


class Toolchain:
    def __init__(self, pdfjam, qpdf):
        self.pdfjam = shutil.which(pdfjam)
        self.qpdf = shutil.which(qpdf)

    def check(self):
        if not self.pdfjam:
            raise FileNotFoundError("pdfjam not found; install texlive-extra-utils")
        if not self.qpdf:
            log.warning("qpdf not found; output will not be checked")

    def run(self, cmd, workdir):
        cmd = [self.pdfjam, *cmd[1:]]
        res = subprocess.run(cmd, cwd=workdir, capture_output=True, timeout=900)
        return res.returncode, res.stdout + res.stderr

    def validate(self, pdf):
        if not self.qpdf:
            return True
        res = subprocess.run([self.qpdf, "--check", str(pdf)],
                             capture_output=True, text=True, timeout=300)
        if res.returncode not in (0, 3):  # 3 = warnings only
            log.error("qpdf: %s", res.stdout.strip().splitlines()[-1:])
            return False
        return True


def build_pdfjam(args, src_name, out_name):
    cmd = ["pdfjam", "--outfile", out_name, "--paper", args.paper]
    if args.booklet:
        cmd += ["--booklet", "true", "--landscape"]
    else:
        cmd += ["--nup", args.nup]
        if args.landscape:
            cmd.append("--landscape")
    if args.frame:
        cmd += ["--frame", "true"]
    if args.trim:
        cmd += ["--trim", args.trim, "--clip", "true"]
    cmd += ["--", src_name, args.pages]
    return cmd


def main(argv=None):
    ap = argparse.ArgumentParser(description="prepress imposition")
    ap.add_argument("pdf", type=Path)
    ap.add_argument("-o", "--output", type=Path)
    ap.add_argument("--nup", default="2x1")
    ap.add_argument("--paper", default="a3paper")
    ap.add_argument("--pages", default="-", help="page range, e.g. 1-16")
    ap.add_argument("--booklet", action="store_true")
    ap.add_argument("--landscape", action="store_true")
    ap.add_argument("--frame", action="store_true")
    ap.add_argument("--trim", help="e.g. '3mm 3mm 3mm 3mm' to cut bleed")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    src = args.pdf.resolve()
    if not src.is_file():
        log.error("%s not found", src)
        return 2
    kind = "booklet" if args.booklet else args.nup
    out = (args.output or src.with_name(f"{src.stem}-{kind}.pdf")).resolve()
    if out.parent != src.parent:
        log.error("output must be in the same folder as the input (%s)", src.parent)
        return 2

    tools = Toolchain(PDFJAM, QPDF)
    try:
        tools.check()
        started = time.monotonic()
        rc, logs = tools.run(build_pdfjam(args, src.name, out.name), str(src.parent))
    except (OSError, subprocess.TimeoutExpired) as exc:
        log.error("pdfjam run failed: %s", exc)
        return 1
    if rc != 0:
        sys.stderr.write(logs.decode(errors="replace"))
        log.error("pdfjam exited with %s", rc)
        return 1
    if not tools.validate(out):
        return 1
    log.info("wrote %s in %.1fs", out, time.monotonic() - started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
