#!/usr/bin/env python3
"""Dailies transcode queue: turn registered camera clips into review proxies.

Picks up <clip>.dailies.json sidecars written by the ingest watcher, renders
an H.264 review proxy and a DNxHR edit proxy per clip with ffmpeg, burning in
clip name and timecode, and keeps queue state between runs so an interrupted
night's batch resumes where it stopped.
"""
import argparse
import json
import logging
import os
import pickle
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("dailies.transcode")
STATE_FILE = Path(".transcode_state.pkl")

PRESETS = {
    "review": ["-c:v", "libx264", "-preset", "medium", "-crf", "20", "-pix_fmt", "yuv420p",
               "-vf", "scale=-2:1080,{burnin}", "-c:a", "aac", "-b:a", "192k"],
    "edit": ["-c:v", "dnxhd", "-profile:v", "dnxhr_lb", "-pix_fmt", "yuv422p",
             "-vf", "scale=-2:1080", "-c:a", "pcm_s16le"],
}
EXT = {"review": ".mp4", "edit": ".mxf"}


@dataclass
class QueueState:
    done: set = field(default_factory=set)
    failed: dict = field(default_factory=dict)
    started: float = field(default_factory=time.time)

    @classmethod
    def load(cls):
        if STATE_FILE.exists():
            with STATE_FILE.open("rb") as fh:
                return pickle.load(fh)
        return cls()

    def save(self):
        tmp = STATE_FILE.with_suffix(".tmp")
        with tmp.open("wb") as fh:
            pickle.dump(self, fh)
        tmp.replace(STATE_FILE)


def burnin_filter(clip_name, font):
    text = clip_name.replace(":", r"\:")
    return (f"drawtext=fontfile={font}:text='{text}':x=40:y=h-80:fontsize=28:fontcolor=white:box=1:boxcolor=black@0.5,"
            "drawtext=fontfile={font}:timecode='00\\:00\\:00\\:00':rate=24:x=w-tw-40:y=h-80:fontsize=28:fontcolor=white").replace("{font}", font)


def pending(ingest_root, state):
    for sidecar in sorted(Path(ingest_root).rglob("*.dailies.json")):
        meta = json.loads(sidecar.read_text())
        if meta["sha256"] not in state.done:
            yield meta


def transcode(meta, out_root, preset, font, ffmpeg="ffmpeg"):
    src = Path(meta["path"])
    dest_dir = Path(out_root) / preset / (meta.get("shoot_day") or "unsorted")
    dest_dir.mkdir(parents=True, exist_ok=True)
    dest = dest_dir / (src.stem + EXT[preset])
    args = [a.replace("{burnin}", burnin_filter(src.name, font)) for a in PRESETS[preset]]
    cmd = [ffmpeg, "-hide_banner", "-loglevel", "error", "-y", "-i", str(src), *args, str(dest)]
    LOG.debug("running %s", shlex.join(cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode:
        raise RuntimeError(proc.stderr.strip().splitlines()[-1] if proc.stderr else "ffmpeg failed")
    return dest


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ingest", default="ingest")
    ap.add_argument("--out", default="proxies")
    ap.add_argument("--presets", default="review,edit")
    ap.add_argument("--font", default=os.environ.get("BURNIN_FONT", "DejaVuSansMono.ttf"))
    ap.add_argument("--ffmpeg", default=os.environ.get("FFMPEG", "ffmpeg"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    state = QueueState.load()
    presets = [p for p in args.presets.split(",") if p in PRESETS]
    count = 0
    try:
        for meta in pending(args.ingest, state):
            try:
                for preset in presets:
                    out = transcode(meta, args.out, preset, args.font, args.ffmpeg)
                    LOG.info("%s -> %s", meta["clip"], out)
                state.done.add(meta["sha256"])
                state.failed.pop(meta["sha256"], None)
                count += 1
            except (RuntimeError, OSError) as exc:
                LOG.error("%s failed: %s", meta["clip"], exc)
                state.failed[meta["sha256"]] = str(exc)
            state.save()
    except KeyboardInterrupt:
        LOG.info("interrupted, state saved")
    LOG.info("%d clip(s) transcoded, %d failed overall", count, len(state.failed))
    return 1 if state.failed else 0


if __name__ == "__main__":
    sys.exit(main())
