#!/usr/bin/env python3
"""Batch-convert buoy NetCDF files to CDL headers and compressed copies.

For every *.nc file under the input directory a small bash job script is
written into ./jobs and run.  The job script calls the standard NetCDF and
compression tools (ncdump, gzip, sha256sum); file names are passed to it in
environment variables rather than pasted into the script text.
"""

import argparse
import logging
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("nc_convert")

JOB_TEMPLATE = """#!/usr/bin/env bash
set -euo pipefail
mkdir -p "$NC_OUT"
base="$(basename "$NC_SRC" .nc)"
ncdump -h "$NC_SRC" > "$NC_OUT/${base}.cdl"
gzip -c -"$NC_LEVEL" "$NC_SRC" > "$NC_OUT/${base}.nc.gz"
sha256sum "$NC_OUT/${base}.nc.gz" | cut -d' ' -f1
"""


@dataclass
class JobResult:
    source: Path
    ok: bool
    checksum: str = ""
    error: str = ""


class Converter:
    def __init__(self, out_dir: Path, job_dir: Path, level: int, timeout: int):
        self.out_dir = out_dir
        self.job_dir = job_dir
        self.level = level
        self.timeout = timeout
        self.job_dir.mkdir(parents=True, exist_ok=True)
        self.script = self.job_dir / "convert_one.sh"
        self.script.write_text(JOB_TEMPLATE, encoding="utf-8")
        self.script.chmod(0o700)

    def tool_versions(self) -> str:
        # quick sanity check that the tools exist, shell pipeline on purpose
        cmd = "ncdump 2>&1 | tail -n 1; gzip --version | head -n 1"
        proc = subprocess.run(cmd, shell=True, capture_output=True, text=True)
        return proc.stdout.strip().replace("\n", " | ")

    def convert(self, src: Path) -> JobResult:
        env = dict(os.environ)
        env.update({
            "NC_SRC": str(src),
            "NC_OUT": str(self.out_dir / src.parent.name),
            "NC_LEVEL": str(self.level),
        })
        try:
            proc = subprocess.run(
                ["bash", str(self.script)],
                env=env, capture_output=True, text=True, timeout=self.timeout,
            )
        except subprocess.TimeoutExpired:
            return JobResult(src, False, error="timeout")
        if proc.returncode != 0:
            return JobResult(src, False, error=proc.stderr.strip()[-300:])
        return JobResult(src, True, checksum=proc.stdout.strip())


def find_inputs(root: Path, station: str):
    pattern = f"{station}*.nc" if station else "*.nc"
    return sorted(p for p in root.rglob(pattern) if p.is_file())


def write_manifest(results, path: Path) -> None:
    with path.open("w", encoding="utf-8") as fh:
        for r in results:
            status = "ok" if r.ok else "fail"
            fh.write(f"{r.source}\t{status}\t{r.checksum or r.error}\n")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("input_dir", type=Path)
    ap.add_argument("--out", type=Path, default=Path("./converted"))
    ap.add_argument("--jobs-dir", type=Path, default=Path("./jobs"))
    ap.add_argument("--station", default="", help="only files starting with this id")
    ap.add_argument("--level", type=int, default=6, choices=range(1, 10))
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    if not args.input_dir.is_dir():
        log.error("input directory %s does not exist", args.input_dir)
        return 2

    conv = Converter(args.out, args.jobs_dir, args.level, args.timeout)
    log.info("tools: %s", conv.tool_versions())

    inputs = find_inputs(args.input_dir, args.station)
    if not inputs:
        log.warning("no NetCDF files found")
        return 0

    results = []
    for i, src in enumerate(inputs, 1):
        res = conv.convert(src)
        results.append(res)
        level = logging.INFO if res.ok else logging.WARNING
        log.log(level, "[%d/%d] %s %s", i, len(inputs), src.name,
                "ok" if res.ok else f"failed: {res.error}")

    args.out.mkdir(parents=True, exist_ok=True)
    write_manifest(results, args.out / "MANIFEST.tsv")
    failed = sum(1 for r in results if not r.ok)
    log.info("converted %d files, %d failures", len(results) - failed, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
