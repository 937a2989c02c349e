#!/usr/bin/env python3
"""Mix a multi-track podcast episode down to a publishable MP3.

episode.yaml describes the tracks (host, guests, music beds), per-track
gain and gating, the intro/outro stings and the loudness target.  Each
step is an ffmpeg call; intermediate files go to a scratch folder that is
kept between runs so re-mixing after a small change is quick.
"""
import argparse
import logging
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

import yaml

log = logging.getLogger("podmix")

SCRATCH = Path("/tmp/podmix")
DEFAULT_TARGET = {"lufs": -16.0, "true_peak": -1.5, "lra": 11}


def load_episode(path):
    with open(path, encoding="utf-8") as fh:
        episode = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(episode, dict) or "tracks" not in episode:
        raise ValueError(f"{path}: no tracks defined")
    episode.setdefault("loudness", DEFAULT_TARGET)
    episode.setdefault("bitrate", "128k")
    return episode


def ffmpeg(args, what):
    cmd = f"ffmpeg -hide_banner -loglevel error -y {args}"
    log.debug("%s: %s", what, cmd)
    started = time.monotonic()
    res = subprocess.run(cmd, shell=True, capture_output=True, text=True)
    if res.returncode:
        raise RuntimeError(f"{what} failed: {res.stderr.strip()[:400]}")
    log.info("%s (%.1fs)", what, time.monotonic() - started)


def prepare_track(track, idx):
    src = Path(track["file"]).expanduser()
    if not src.exists():
        raise FileNotFoundError(src)
    out = SCRATCH / f"{idx:02d}_{src.stem}.wav"
    if out.exists() and out.stat().st_mtime > src.stat().st_mtime and not track.get("force"):
        log.info("reusing %s", out.name)
        return out
    filters = [f"volume={track.get('gain_db', 0)}dB"]
    if track.get("highpass"):
        filters.append(f"highpass=f={track['highpass']}")
    if track.get("gate", True) and track.get("kind", "voice") == "voice":
        filters.append("agate=threshold=0.02:ratio=4:attack=5:release=250")
    if track.get("kind", "voice") == "voice":
        filters.append("acompressor=threshold=-20dB:ratio=3:attack=10:release=200")
    if track.get("delay_ms"):
        filters.append(f"adelay={track['delay_ms']}|{track['delay_ms']}")
    ffmpeg(f"-i {shlex.quote(str(src))} -ac 2 -ar 48000 -af \"{','.join(filters)}\" "
           f"{shlex.quote(str(out))}", f"prepare {src.name}")
    return out


def mix(tracks, out):
    inputs = " ".join(f"-i {shlex.quote(str(t))}" for t in tracks)
    ffmpeg(f"{inputs} -filter_complex \"amix=inputs={len(tracks)}:duration=longest:"
           f"normalize=0\" {shlex.quote(str(out))}", f"mix {len(tracks)} tracks")


def add_stings(episode, body, out):
    parts = [episode.get("intro"), str(body), episode.get("outro")]
    parts = [p for p in parts if p]
    if len(parts) == 1:
        return body
    listfile = SCRATCH / "concat.txt"
    listfile.write_text("".join(f"file '{Path(p).expanduser().resolve()}'\n" for p in parts))
    ffmpeg(f"-f concat -safe 0 -i {listfile} -c:a pcm_s16le {shlex.quote(str(out))}",
           "add intro/outro")
    return out


def master(episode, src, dest):
    t = episode["loudness"]
    meta = " ".join(f"-metadata {k}={shlex.quote(str(v))}"
                    for k, v in episode.get("tags", {}).items())
    ffmpeg(f"-i {shlex.quote(str(src))} -af loudnorm=I={t['lufs']}:TP={t['true_peak']}:"
           f"LRA={t['lra']} -ar 44100 -codec:a libmp3lame -b:a {episode['bitrate']} "
           f"{meta} {shlex.quote(str(dest))}", "loudness + encode")


def main():
    ap = argparse.ArgumentParser(description="Podcast mixdown pipeline")
    ap.add_argument("episode", type=Path, help="episode.yaml")
    ap.add_argument("-o", "--output", type=Path)
    ap.add_argument("--clean", action="store_true", help="wipe scratch first")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        episode = load_episode(args.episode)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        log.error("%s", exc)
        return 1

    if args.clean and SCRATCH.exists():
        for f in SCRATCH.iterdir():
            f.unlink()
    SCRATCH.mkdir(parents=True, exist_ok=True)
    os.chmod(SCRATCH, 0o755)

    dest = args.output or Path(f"{episode.get('slug', args.episode.stem)}.mp3")
    try:
        prepared = [prepare_track(t, i) for i, t in enumerate(episode["tracks"])]
        body = SCRATCH / "body.wav"
        mix(prepared, body)
        full = add_stings(episode, body, SCRATCH / "full.wav")
        master(episode, full, dest)
    except (RuntimeError, FileNotFoundError, KeyError) as exc:
        log.error("%s", exc)
        return 1
    log.info("wrote %s (%.1f MB)", dest, dest.stat().st_size / 1e6)
    return 0


if __name__ == "__main__":
    sys.exit(main())
