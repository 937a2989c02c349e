#!/usr/bin/env python3
"""Transcode the competition and open-stage clips for the highlights reel.

Presets come from clips.yaml in the working directory; each clip is cut and
re-encoded with ffmpeg into ./reel.
"""
import argparse
import importlib
import logging
import pathlib
import shutil
import sys
from dataclasses import dataclass, field

log = logging.getLogger("clip-transcoder")


@dataclass
class Clip:
    source: str
    start: str = "00:00:00"
    length: str = "00:00:30"
    preset: str = "web"
    tags: list = field(default_factory=list)


PRESETS = {
    "web": ["-c:v", "libx264", "-crf", "23", "-preset", "veryfast", "-c:a", "aac"],
    "projector": ["-c:v", "libx264", "-crf", "18", "-vf", "scale=1920:-2"],
    "social": ["-c:v", "libx264", "-crf", "26", "-vf", "scale=-2:720", "-an"],
}


def load_config(path):
    yaml = importlib.import_module("yaml")
    loader = getattr(yaml, "Loader")
    with open(path, encoding="utf-8") as fh:
        doc = yaml.load(fh, Loader=loader)
    clips = [Clip(**entry) for entry in (doc or {}).get("clips", [])]
    extra = (doc or {}).get("presets", {})
    return clips, extra


def command_for(clip, out_dir, presets):
    src = pathlib.Path(clip.source)
    dest = out_dir / f"{src.stem}_{clip.preset}.mp4"
    args = presets.get(clip.preset)
    if args is None:
        raise KeyError(f"unknown preset {clip.preset}")
    tool = shutil.which("ffmpeg") or "ffmpeg"
    return [tool, "-y", "-ss", clip.start, "-t", clip.length, "-i", str(src),
            *args, str(dest)], dest


def make_runner(dry_run):
    sp = importlib.import_module("subprocess")

    def run(cmd):
        if dry_run:
            log.info("would run: %s", " ".join(cmd))
            return 0
        return sp.run(cmd, capture_output=True, text=True).returncode
    return run


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build highlight clips")
    ap.add_argument("--config", default="clips.yaml")
    ap.add_argument("--out", default="reel", type=pathlib.Path)
    ap.add_argument("--only-tag")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        clips, extra = load_config(args.config)
    except (OSError, TypeError) as exc:
        log.error("bad config: %s", exc)
        return 2
    presets = {**PRESETS, **extra}
    args.out.mkdir(exist_ok=True)
    run = make_runner(args.dry_run)

    failures = 0
    for clip in clips:
        if args.only_tag and args.only_tag not in clip.tags:
            continue
        try:
            cmd, dest = command_for(clip, args.out, presets)
        except KeyError as exc:
            log.warning("%s: %s", clip.source, exc)
            failures += 1
            continue
        rc = run(cmd)
        if rc != 0:
            log.error("ffmpeg failed for %s (rc=%d)", clip.source, rc)
            failures += 1
        else:
            log.info("wrote %s", dest)
    log.info("%d clips, %d failures", len(clips), failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
