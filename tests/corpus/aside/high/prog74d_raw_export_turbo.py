#!/usr/bin/env python3
"""Batch-export culled RAW files to JPEG with darktable-cli.

Only frames rated >= --min-rating in their XMP sidecar are exported. Each file
is rendered with its own sidecar (so edits done in darktable apply) and an
optional style, in parallel workers. For big weddings the CPU frequency
governor is switched to "performance" for the duration of the batch and put
back afterwards (--keep-governor to leave it alone).

    raw_export_turbo.py shoots/2024-06-02 --out exports/2024-06-02 --min-rating 3 -j 6
"""
import argparse
import glob
import logging
import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

log = logging.getLogger("rawexport")

RAW_EXT = {".cr2", ".cr3", ".nef", ".arw", ".raf", ".orf", ".rw2", ".dng"}
RATING_RE = re.compile(r'xmp:Rating(?:="|>)(-?\d)')
GOVERNOR_GLOB = "/sys/devices/system/cpu/cpu[0-9]*/cpufreq/scaling_governor"


class PerformanceGovernor:
    """Context manager: pin every core to the performance governor, restore on exit."""

    def __init__(self, mode="performance"):
        self.mode = mode
        self.saved = {}

    @staticmethod
    def _write(path, value):
        try:
            with open(path, "w") as fh:
                fh.write(value)
        except PermissionError:
            subprocess.run(["sudo", "-n", "tee", path], input=value, text=True,
                           stdout=subprocess.DEVNULL, check=True)

    def __enter__(self):
        for path in glob.glob(GOVERNOR_GLOB):
            with open(path) as fh:
                self.saved[path] = fh.read().strip()
            if self.saved[path] != self.mode:
                self._write(path, self.mode)
        log.info("cpu governor -> %s on %d cores", self.mode, len(self.saved))
        return self

    def __exit__(self, *exc):
        for path, old in self.saved.items():
            try:
                self._write(path, old)
            except (OSError, subprocess.CalledProcessError) as err:
                log.warning("could not restore %s: %s", path, err)
        return False


def sidecar_for(raw):
    for cand in (raw.with_suffix(raw.suffix + ".xmp"), raw.with_suffix(".xmp")):
        if cand.exists():
            return cand
    return None


def rating(xmp):
    if xmp is None:
        return 0
    m = RATING_RE.search(xmp.read_text(errors="ignore"))
    return int(m.group(1)) if m else 0


def select(src, min_rating):
    for raw in sorted(src.rglob("*")):
        if raw.suffix.lower() not in RAW_EXT:
            continue
        xmp = sidecar_for(raw)
        if rating(xmp) >= min_rating:
            yield raw, xmp


class Exporter:
    def __init__(self, binary, out_dir, long_edge, quality, style=None):
        self.binary = binary
        self.out_dir = out_dir
        self.long_edge = long_edge
        self.quality = quality
        self.style = style

    def command(self, raw, xmp, target):
        cmd = [self.binary, str(raw)]
        if xmp:
            cmd.append(str(xmp))
        cmd += [str(target), "--width", str(self.long_edge), "--height", str(self.long_edge),
                "--hq", "true", "--upscale", "false"]
        if self.style:
            cmd += ["--style", self.style]
        cmd += ["--core", "--conf", f"plugins/imageio/format/jpeg/quality={self.quality}"]
        return cmd

    def export(self, raw, xmp, attempts=2):
        target = self.out_dir / f"{raw.stem}.jpg"
        if target.exists() and target.stat().st_mtime > raw.stat().st_mtime:
            return target, "fresh"
        for n in range(attempts):
            proc = subprocess.run(self.command(raw, xmp, target), capture_output=True, text=True,
                                  timeout=600)
            if proc.returncode == 0 and target.exists():
                return target, "ok"
            log.debug("%s attempt %d rc=%d: %s", raw.name, n + 1, proc.returncode,
                      proc.stderr.strip()[-300:])
        raise RuntimeError(f"darktable-cli failed for {raw.name}")


def run_batch(exporter, jobs, workers):
    done = failed = 0
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(exporter.export, raw, xmp): raw for raw, xmp in jobs}
        for fut in as_completed(futures):
            raw = futures[fut]
            try:
                target, state = fut.result()
                done += 1
                log.info("[%s] %s -> %s", state, raw.name, target.name)
            except (RuntimeError, subprocess.TimeoutExpired) as exc:
                failed += 1
                log.error("%s", exc)
    log.info("%d exported, %d failed in %.0fs", done, failed, time.monotonic() - started)
    return failed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("src", type=Path)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--min-rating", type=int, default=2)
    ap.add_argument("--long-edge", type=int, default=3000)
    ap.add_argument("--quality", type=int, default=92)
    ap.add_argument("--style")
    ap.add_argument("-j", "--jobs", type=int, default=max(1, (os.cpu_count() or 2) // 2))
    ap.add_argument("--keep-governor", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    binary = shutil.which("darktable-cli")
    if not binary:
        log.error("darktable-cli not found in PATH")
        return 1
    jobs = list(select(args.src, args.min_rating))
    if not jobs:
        log.warning("nothing rated >= %d under %s", args.min_rating, args.src)
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    exporter = Exporter(binary, args.out, args.long_edge, args.quality, args.style)
    log.info("exporting %d frames with %d workers", len(jobs), args.jobs)
    if args.keep_governor:
        return 1 if run_batch(exporter, jobs, args.jobs) else 0
    try:
        with PerformanceGovernor():
            failed = run_batch(exporter, jobs, args.jobs)
    except subprocess.CalledProcessError as exc:
        log.warning("governor change refused (%s); exporting at default clocks", exc)
        failed = run_batch(exporter, jobs, args.jobs)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
