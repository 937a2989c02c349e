#!/usr/bin/env python3
"""Run the as-built point-cloud pipeline with the local PDAL install.

Laser-scan exports (E57/LAS) from the site surveyor are cleaned, thinned and
classified with a PDAL pipeline, then written as COPC for the BIM clash
viewer. Uses the pdal binary from the team's conda environment so every
workstation gets the same PDAL/GDAL build.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("pc-runner")


class Pdal:
    def __init__(self, exe=None):
        self.exe = exe or shutil.which("pdal") or \
            os.path.join(os.environ.get("CONDA_PREFIX", ""), "bin", "pdal")
        if not os.path.exists(self.exe):
            raise SystemExit("pdal not found; activate the survey conda env")

    def version(self):
        out = subprocess.run([self.exe, "--version"], capture_output=True, text=True)
        return out.stdout.strip().splitlines()[-1] if out.stdout else "unknown"

    def run(self, pipeline_path, cwd, threads):
        env = dict(os.environ, OMP_NUM_THREADS=str(threads))
        proc = subprocess.run([self.exe, "pipeline", str(pipeline_path)],
                              cwd=cwd, env=env, capture_output=True, text=True)
        return proc.returncode, proc.stderr


def build_pipeline(src_name, out_name, voxel):
    return {"pipeline": [
        {"type": "readers.e57" if src_name.endswith(".e57") else "readers.las",
         "filename": src_name},
        {"type": "filters.outlier", "method": "statistical", "mean_k": 12, "multiplier": 2.2},
        {"type": "filters.voxelcenternearestneighbor", "cell": voxel},
        {"type": "filters.smrf"},
        {"type": "writers.copc", "filename": f"out/{out_name}"},
    ]}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scans", nargs="+", type=Path, help="E57/LAS/LAZ scan files")
    ap.add_argument("--voxel", type=float, default=0.01, help="thinning cell size in m")
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 4)
    ap.add_argument("--pdal", help="path to the pdal executable")
    ap.add_argument("--keep", action="store_true", help="keep pipeline JSON for debugging")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    pdal = Pdal(args.pdal)
    LOG.info("using %s", pdal.version())
    failures = 0
    for scan in args.scans:
        scan = scan.resolve()
        if not scan.exists():
            LOG.error("%s does not exist", scan)
            failures += 1
            continue
        (scan.parent / "out").mkdir(exist_ok=True)
        pipe_path = scan.parent / f".{scan.stem}.pipeline.json"
        pipe_path.write_text(
            json.dumps(build_pipeline(scan.name, scan.stem + ".copc.laz", args.voxel), indent=1))
        started = time.monotonic()
        try:
            code, err = pdal.run(pipe_path, scan.parent, args.threads)
            if code != 0:
                LOG.error("%s failed (%d):\n%s", scan.name, code, err[-2000:])
                failures += 1
            else:
                LOG.info("%s done in %.0fs", scan.name, time.monotonic() - started)
        except OSError as exc:
            LOG.error("%s: %s", scan.name, exc)
            failures += 1
        finally:
            if not args.keep:
                pipe_path.unlink(missing_ok=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
