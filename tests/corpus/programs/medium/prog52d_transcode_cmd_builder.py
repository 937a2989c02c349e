#!/usr/bin/env python3
"""Batch-transcode lecture recordings with ffmpeg using named presets.

The ffmpeg command line is assembled from a preset table (codec, bitrate,
scale filter) and executed with subprocess for every input file in
./recordings. Outputs land in ./encoded/<preset>/.
"""
import argparse
import configparser
import logging
import shlex
import shutil
import subprocess
from pathlib import Path

log = logging.getLogger("transcode")

DEFAULT_PRESETS = {
    "web720": {"vcodec": "libx264", "crf": "23", "scale": "-2:720",
               "acodec": "aac", "abitrate": "128k", "ext": "mp4"},
    "archive": {"vcodec": "libx265", "crf": "28", "scale": "",
                "acodec": "libopus", "abitrate": "96k", "ext": "mkv"},
    "audio": {"vcodec": "", "crf": "", "scale": "",
              "acodec": "libmp3lame", "abitrate": "160k", "ext": "mp3"},
}


def load_presets(path):
    presets = {k: dict(v) for k, v in DEFAULT_PRESETS.items()}
    if path and Path(path).exists():
        cp = configparser.ConfigParser()
        cp.read(path)
        for section in cp.sections():
            presets.setdefault(section, {}).update(cp[section])
    return presets


def build_argv(ffmpeg, src, dst, p, threads):
    argv = [ffmpeg, "-hide_banner", "-y", "-i", str(src), "-threads", str(threads)]
    if p.get("vcodec"):
        argv += ["-c:v", p["vcodec"], "-crf", p["crf"]]
        if p.get("scale"):
            argv += ["-vf", f"scale={p['scale']}"]
    else:
        argv += ["-vn"]
    argv += ["-c:a", p["acodec"], "-b:a", p["abitrate"], str(dst)]
    return argv


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--preset", default="web720")
    ap.add_argument("--presets-file", default="transcode.ini")
    ap.add_argument("--input-dir", default="recordings")
    ap.add_argument("--threads", type=int, default=4)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    ffmpeg = shutil.which("ffmpeg")
    if not ffmpeg:
        log.error("ffmpeg not found on PATH")
        return 1
    presets = load_presets(args.presets_file)
    if args.preset not in presets:
        log.error("unknown preset %s (have: %s)", args.preset, ", ".join(presets))
        return 1
    preset = presets[args.preset]
    outdir = Path("encoded") / args.preset
    outdir.mkdir(parents=True, exist_ok=True)

    failures = 0
    for src in sorted(Path(args.input_dir).glob("*.mov")) + sorted(Path(args.input_dir).glob("*.mp4")):
        dst = outdir / f"{src.stem}.{preset['ext']}"
        argv = build_argv(ffmpeg, src, dst, preset, args.threads)
        log.info("$ %s", shlex.join(argv))
        if args.dry_run:
            continue
        proc = subprocess.run(argv, capture_output=True, text=True)
        if proc.returncode != 0:
            failures += 1
            log.error("%s failed: %s", src.name, proc.stderr.strip().splitlines()[-1:])
        else:
            log.info("ok %s -> %s", src.name, dst)
    log.info("done, %d failure(s)", failures)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
