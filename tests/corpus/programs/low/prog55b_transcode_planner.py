#!/usr/bin/env python3
"""Plan ffmpeg transcodes for a media folder without running them.

The planner assembles ffmpeg argv lists for every input clip and every
output profile, then writes a reviewable plan (JSON plus a shell-quoted
preview) into the working directory. A separate CI job executes the plan.
"""
import argparse
import json
import logging
import os
import shlex
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("transcode-planner")

PROFILES = {
    "web720": {"vcodec": "libx264", "crf": 23, "scale": "1280:-2", "acodec": "aac", "abr": "128k"},
    "web1080": {"vcodec": "libx264", "crf": 21, "scale": "1920:-2", "acodec": "aac", "abr": "192k"},
    "archive": {"vcodec": "libx265", "crf": 18, "scale": None, "acodec": "flac", "abr": None},
}
MEDIA_SUFFIXES = {".mov", ".mp4", ".mkv", ".avi"}


def detect_threads(default=2):
    """Count logical CPUs from /proc/cpuinfo; fall back to a default."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            count = sum(1 for line in fh if line.startswith("processor"))
        return max(1, count) if count else default
    except OSError:
        return default


@dataclass
class FfmpegCommand:
    source: Path
    target: Path
    options: list = field(default_factory=list)

    def argv(self):
        cmd = ["ffmpeg", "-hide_banner", "-y", "-i", str(self.source)]
        cmd.extend(self.options)
        cmd.append(str(self.target))
        return cmd

    def preview(self):
        return shlex.join(self.argv())


class PlanBuilder:
    def __init__(self, out_root: Path, threads: int):
        self.out_root = out_root
        self.threads = threads
        self.commands = []

    def _options_for(self, profile):
        spec = PROFILES[profile]
        opts = ["-threads", str(self.threads), "-c:v", spec["vcodec"], "-crf", str(spec["crf"])]
        if spec["scale"]:
            opts += ["-vf", f"scale={spec['scale']}"]
        opts += ["-c:a", spec["acodec"]]
        if spec["abr"]:
            opts += ["-b:a", spec["abr"]]
        return opts

    def add_clip(self, clip: Path, profiles):
        for profile in profiles:
            suffix = ".mkv" if profile == "archive" else ".mp4"
            target = self.out_root / profile / (clip.stem + suffix)
            self.commands.append(FfmpegCommand(clip, target, self._options_for(profile)))

    def write(self, plan_path: Path):
        payload = [{"argv": c.argv(), "preview": c.preview()} for c in self.commands]
        plan_path.write_text(json.dumps(payload, indent=2), encoding="utf-8")
        preview_path = plan_path.with_suffix(".txt")
        preview_path.write_text("\n".join(p["preview"] for p in payload) + "\n", encoding="utf-8")
        os.chmod(plan_path, 0o600)
        return len(payload)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("media_dir", type=Path)
    parser.add_argument("--profile", action="append", choices=sorted(PROFILES))
    parser.add_argument("--out", type=Path, default=Path("transcoded"))
    parser.add_argument("--plan", type=Path, default=Path("transcode_plan.json"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    profiles = args.profile or ["web720"]
    builder = PlanBuilder(args.out, detect_threads())
    clips = sorted(p for p in args.media_dir.rglob("*") if p.suffix.lower() in MEDIA_SUFFIXES)
    if not clips:
        log.warning("no media found under %s", args.media_dir)
        return 1
    for clip in clips:
        log.debug("planning %s", clip)
        builder.add_clip(clip, profiles)
    count = builder.write(args.plan)
    log.info("wrote %d commands to %s (nothing executed)", count, args.plan)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
