#!/usr/bin/env python3
"""Rasterise PDF sheet sets for the older plotter that only takes TIFF.

Collects PDFs from an input folder, writes one Ghostscript batch script
into ./.raster/ and runs it with bash, then checks that every sheet
produced a TIFF. Paper size and resolution come from a small JSON config.
"""
import argparse
import json
import logging
import shlex
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("raster")
WORK = Path(".raster")

DEFAULT_CONFIG = {
    "dpi": 400,
    "device": "tiffg4",
    "paper": {"A0": [841, 1189], "A1": [594, 841], "A2": [420, 594]},
    "default_paper": "A1",
}


class RasterJob:
    def __init__(self, pdf, out_dir, dpi, device, size_mm):
        self.pdf = pdf
        self.out_dir = out_dir
        self.dpi = dpi
        self.device = device
        self.size_mm = size_mm

    @property
    def out_pattern(self):
        return self.out_dir / f"{self.pdf.stem}_%03d.tif"

    def command(self):
        w_pt = round(self.size_mm[0] / 25.4 * 72)
        h_pt = round(self.size_mm[1] / 25.4 * 72)
        args = [
            "gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER",
            f"-sDEVICE={self.device}", f"-r{self.dpi}",
            f"-dDEVICEWIDTHPOINTS={w_pt}", f"-dDEVICEHEIGHTPOINTS={h_pt}",
            "-dPDFFitPage", f"-sOutputFile={self.out_pattern}", str(self.pdf),
        ]
        return " ".join(shlex.quote(a) for a in args)


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path and Path(path).exists():
        with open(path) as fh:
            cfg.update(json.load(fh))
    return cfg


def paper_for(pdf, cfg):
    for name, size in cfg["paper"].items():
        stem = pdf.stem.upper()
        if stem.endswith(f"_{name}") or f"_{name}_" in stem:
            return size
    return cfg["paper"][cfg["default_paper"]]


def write_batch(jobs):
    WORK.mkdir(exist_ok=True)
    script = WORK / "batch.sh"
    lines = ["#!/bin/bash", "set -u", "fail=0"]
    for job in jobs:
        lines.append(f"echo 'rasterising {job.pdf.name}'")
        lines.append(f"{job.command()} || {{ echo 'FAILED {job.pdf.name}' >&2; fail=1; }}")
    lines.append("exit $fail")
    script.write_text("\n".join(lines) + "\n")
    return script


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("input", nargs="?", default="sheets")
    ap.add_argument("--out", default="tiff_out")
    ap.add_argument("--config", default="raster.json")
    ap.add_argument("--dpi", type=int)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        cfg = load_config(args.config)
    except (OSError, json.JSONDecodeError) as exc:
        LOG.error("bad config %s: %s", args.config, exc)
        return 2
    dpi = args.dpi or cfg["dpi"]

    pdfs = sorted(Path(args.input).glob("*.pdf"))
    if not pdfs:
        LOG.error("no PDFs in %s", args.input)
        return 1
    out_dir = Path(args.out)
    out_dir.mkdir(exist_ok=True)

    jobs = [RasterJob(p, out_dir, dpi, cfg["device"], paper_for(p, cfg)) for p in pdfs]
    script = write_batch(jobs)
    LOG.info("running %s for %d sheet set(s)", script, len(jobs))
    proc = subprocess.run(["bash", str(script)], capture_output=True, text=True)
    for line in proc.stdout.splitlines():
        LOG.info(line)
    for line in proc.stderr.splitlines():
        LOG.warning(line)

    missing = [j.pdf.name for j in jobs
               if not list(out_dir.glob(f"{j.pdf.stem}_*.tif"))]
    if missing:
        LOG.error("no output for: %s", ", ".join(missing))
        return 1
    LOG.info("all sheets rasterised into %s", out_dir)
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
