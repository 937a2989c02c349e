#!/usr/bin/env python3
"""Batch-transcode camera clips to H.265 MP4 with ffmpeg.

Probes each clip with ffprobe, picks a CRF based on resolution and writes
<clip>.hevc.mp4 next to the original.  ffmpeg/ffprobe are invoked with
argument lists (no shell).
"""
import argparse
import json
import logging
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("transcode")
VIDEO_EXT = {".mov", ".mts", ".m2ts", ".avi", ".mp4", ".mkv"}
CRF_BY_HEIGHT = [(2160, 24), (1440, 23), (1080, 22), (0, 21)]


def probe(path):
    out = subprocess.check_output(
        ["ffprobe", "-v", "error", "-print_format", "json",
         "-show_streams", "-show_format", str(path)],
        stderr=subprocess.STDOUT,
    )
    info = json.loads(out)
    video = next((s for s in info["streams"] if s.get("codec_type") == "video"), None)
    if video is None:
        raise ValueError("no video stream")
    return {
        "codec": video.get("codec_name"),
        "height": int(video.get("height", 0)),
        "duration": float(info["format"].get("duration", 0.0)),
        "has_audio": any(s.get("codec_type") == "audio" for s in info["streams"]),
    }


def pick_crf(height):
    for min_h, crf in CRF_BY_HEIGHT:
        if height >= min_h:
            return crf
    return 23


def build_command(src, dst, meta, preset, hw):
    cmd = ["ffmpeg", "-hide_banner", "-nostdin", "-y", "-i", str(src)]
    if hw:
        cmd += ["-c:v", "hevc_nvenc", "-preset", "p5", "-rc", "vbr",
                "-cq", str(pick_crf(meta["height"]) + 2)]
    else:
        cmd += ["-c:v", "libx265", "-preset", preset, "-crf", str(pick_crf(meta["height"]))]
    cmd += ["-tag:v", "hvc1", "-map_metadata", "0", "-movflags", "+faststart"]
    cmd += ["-c:a", "aac", "-b:a", "160k"] if meta["has_audio"] else ["-an"]
    cmd.append(str(dst))
    return cmd


def transcode(src, args):
    dst = src.with_name(f"{src.stem}.hevc.mp4")
    if dst.exists() and not args.force:
        log.info("skip %s (exists)", dst.name)
        return True
    try:
        meta = probe(src)
    except (subprocess.CalledProcessError, ValueError, KeyError) as exc:
        log.error("probe failed for %s: %s", src.name, exc)
        return False
    if meta["codec"] == "hevc" and not args.force:
        log.info("skip %s (already HEVC)", src.name)
        return True
    cmd = build_command(src, dst, meta, args.preset, args.nvenc)
    log.debug("running: %s", " ".join(cmd))
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)
    _, err = proc.communicate()
    if proc.returncode != 0:
        log.error("ffmpeg failed on %s:\n%s", src.name, err[-800:])
        dst.unlink(missing_ok=True)
        return False
    saved = src.stat().st_size - dst.stat().st_size
    log.info("%s -> %s (%.1f MB saved, %.0fs)", src.name, dst.name,
             saved / 1e6, meta["duration"])
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", type=Path)
    ap.add_argument("--preset", default="medium",
                    choices=["ultrafast", "fast", "medium", "slow", "veryslow"])
    ap.add_argument("--nvenc", action="store_true", help="use NVIDIA hardware encoder")
    ap.add_argument("--force", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)-7s %(message)s")

    for tool in ("ffmpeg", "ffprobe"):
        if shutil.which(tool) is None:
            log.error("%s not found in PATH", tool)
            return 2

    clips = sorted(p for p in args.folder.iterdir()
                   if p.suffix.lower() in VIDEO_EXT and not p.name.endswith(".hevc.mp4"))
    failed = [c.name for c in clips if not transcode(c, args)]
    if failed:
        log.error("%d clip(s) failed: %s", len(failed), ", ".join(failed))
        return 1
    log.info("all %d clip(s) done", len(clips))
    return 0


if __name__ == "__main__":
    sys.exit(main())
