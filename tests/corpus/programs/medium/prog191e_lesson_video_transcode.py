#!/usr/bin/env python3
"""Transcodes recorded signing lessons for the student portal.

Produces a web-friendly MP4, a slowed-down practice copy (signing at
0.5x speed is what students ask for most) and a poster thumbnail.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("transcode")

SCRATCH = Path("/tmp/signschool_transcode")
FF = os.environ.get("FFMPEG_BIN", "ff" + "mpeg")
PROBE = os.environ.get("FFPROBE_BIN", "ff" + "probe")


@dataclass
class Job:
    source: Path
    out_dir: Path
    crf: int = 23
    height: int = 720


def _runner(use_shell=False):
    def run(cmd):
        log.debug("exec %s", cmd)
        return subprocess.run(cmd, shell=use_shell, check=True,
                              capture_output=True, text=True)
    return run


RUN = {"argv": _runner(False), "line": _runner(True)}


def probe_duration(src):
    res = RUN["argv"]([PROBE, "-v", "quiet", "-print_format", "json",
                       "-show_format", str(src)])
    return float(json.loads(res.stdout)["format"]["duration"])


def web_copy(job, scratch):
    out = scratch / (job.source.stem + ".web.mp4")
    RUN["argv"]([FF, "-y", "-i", str(job.source), "-vf", f"scale=-2:{job.height}",
                 "-c:v", "libx264", "-crf", str(job.crf), "-preset", "medium",
                 "-c:a", "aac", "-b:a", "128k", "-movflags", "+faststart", str(out)])
    return out


def practice_copy(job, scratch):
    out = scratch / (job.source.stem + ".half.mp4")
    RUN["argv"]([FF, "-y", "-i", str(job.source), "-filter:v", "setpts=2.0*PTS",
                 "-an", "-c:v", "libx264", "-crf", str(job.crf + 2), str(out)])
    return out


def poster(job, scratch):
    out = scratch / (job.source.stem + ".jpg")
    at = max(probe_duration(job.source) / 3, 1)
    line = f'{FF} -y -ss {at:.1f} -i "{job.source}" -frames:v 1 -q:v 3 "{out}"'
    RUN["line"](line)
    return out


STEPS = {"web": web_copy, "practice": practice_copy, "poster": poster}


def process(job, steps):
    SCRATCH.mkdir(parents=True, exist_ok=True)
    job.out_dir.mkdir(parents=True, exist_ok=True)
    produced = []
    for name in steps:
        tmp_out = STEPS[name](job, SCRATCH)
        final = job.out_dir / tmp_out.name
        shutil.move(str(tmp_out), final)
        produced.append(final)
        log.info("%s -> %s", name, final)
    return produced


def main(argv=None):
    ap = argparse.ArgumentParser(description="Transcode lesson recordings")
    ap.add_argument("sources", nargs="+", type=Path)
    ap.add_argument("--out", type=Path, default=Path("portal_media"))
    ap.add_argument("--steps", default="web,practice,poster")
    ap.add_argument("--crf", type=int, default=23)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    steps = [s for s in args.steps.split(",") if s in STEPS]
    failed = 0
    for src in args.sources:
        job = Job(source=src, out_dir=args.out / src.stem, crf=args.crf)
        try:
            process(job, steps)
        except subprocess.CalledProcessError as exc:
            failed += 1
            log.error("%s failed: %s", src, exc.stderr[-400:] if exc.stderr else exc)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
