#!/usr/bin/env python3
"""Convert teachers' listening-exercise recordings for the e-learning site.

Teachers drop WAV/M4A/OGG recordings into a folder. This tool normalises
loudness, converts them to 128k MP3 and writes a JSON index the course
pages use. The ffmpeg commands are written into a batch script first so a
teacher can re-run or tweak a conversion by hand.
"""
import argparse
import json
import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path

AUDIO_EXTS = {".wav", ".m4a", ".ogg", ".flac"}
BATCH_SCRIPT = "convert_batch.sh"

log = logging.getLogger("audio_convert")


class Recording:
    def __init__(self, src, out_dir):
        self.src = src
        self.dest = out_dir / (src.stem.replace(" ", "_").lower() + ".mp3")

    def needs_work(self):
        return not self.dest.exists() or self.dest.stat().st_mtime < self.src.stat().st_mtime

    def command(self, bitrate):
        return ("ffmpeg -hide_banner -loglevel error -y -i {src} "
                "-af loudnorm=I=-16:TP=-1.5:LRA=11 -ac 1 -b:a {br} {dst}").format(
                    src=shlex.quote(str(self.src)), br=shlex.quote(bitrate),
                    dst=shlex.quote(str(self.dest)))


def find_recordings(in_dir, out_dir):
    recs = []
    for path in sorted(in_dir.iterdir()):
        if path.suffix.lower() in AUDIO_EXTS and path.is_file():
            recs.append(Recording(path, out_dir))
    return recs


def write_batch(recs, bitrate, path):
    lines = ["#!/usr/bin/env bash", "set -u", "fail=0"]
    for rec in recs:
        lines.append(f'echo "converting {rec.src.name}"')
        lines.append(f"{rec.command(bitrate)} || fail=$((fail+1))")
    lines.append('echo "failures: $fail"')
    lines.append("exit $fail")
    path.write_text("\n".join(lines) + "\n")
    path.chmod(0o700)
    log.info("batch script %s has %d conversion(s)", path, len(recs))


def run_batch(path):
    proc = subprocess.run(["bash", str(path)], capture_output=True, text=True)
    for line in proc.stdout.splitlines():
        log.info("  %s", line)
    if proc.stderr.strip():
        log.warning("ffmpeg: %s", proc.stderr.strip()[-800:])
    return proc.returncode


def probe_duration(mp3):
    out = subprocess.run(
        ["ffprobe", "-v", "error", "-show_entries", "format=duration",
         "-of", "default=nw=1:nk=1", str(mp3)],
        capture_output=True, text=True)
    try:
        return round(float(out.stdout.strip()), 1)
    except ValueError:
        return None


def write_index(out_dir):
    index = []
    for mp3 in sorted(out_dir.glob("*.mp3")):
        index.append({"file": mp3.name, "seconds": probe_duration(mp3),
                      "bytes": mp3.stat().st_size})
    (out_dir / "index.json").write_text(json.dumps(index, indent=2))
    log.info("index lists %d file(s)", len(index))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("input_dir", type=Path, nargs="?", default=Path("recordings"))
    p.add_argument("--out", type=Path, default=Path("site_audio"))
    p.add_argument("--bitrate", default=os.environ.get("AUDIO_BITRATE", "128k"))
    p.add_argument("--force", action="store_true")
    p.add_argument("--script-only", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.input_dir.is_dir():
        log.error("input folder %s not found", args.input_dir)
        return 1
    args.out.mkdir(exist_ok=True)
    recs = [r for r in find_recordings(args.input_dir, args.out)
            if args.force or r.needs_work()]
    if not recs:
        log.info("nothing to convert")
        write_index(args.out)
        return 0
    batch = Path(BATCH_SCRIPT)
    write_batch(recs, args.bitrate, batch)
    if args.script_only:
        return 0
    failures = run_batch(batch)
    write_index(args.out)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
