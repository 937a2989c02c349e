#!/usr/bin/env python3
"""Watch a media library and re-time new .srt files against their video.

For every ``Movie.mkv`` with a sibling ``Movie.<lang>.srt`` that has not been
aligned yet, run ffsubsync and write ``Movie.<lang>.synced.srt``.  A small
JSON state file remembers what was already processed.

    subtitle_autosync.py ~/Videos --interval 60
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

VIDEO_EXT = {".mkv", ".mp4", ".avi", ".m4v", ".webm"}
STATE_NAME = ".autosync_state.json"

log = logging.getLogger("subtitle-autosync")


class SyncState:
    def __init__(self, root: Path):
        self.path = root / STATE_NAME
        try:
            self.done = json.loads(self.path.read_text())
        except (FileNotFoundError, json.JSONDecodeError):
            self.done = {}

    def is_current(self, srt: Path) -> bool:
        return self.done.get(str(srt)) == srt.stat().st_mtime

    def mark(self, srt: Path) -> None:
        self.done[str(srt)] = srt.stat().st_mtime

    def save(self) -> None:
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.done, indent=1))
        tmp.replace(self.path)


def find_pairs(root: Path):
    for dirpath, _dirs, files in os.walk(root):
        base = Path(dirpath)
        videos = {Path(f).stem: base / f for f in files if Path(f).suffix.lower() in VIDEO_EXT}
        for name in files:
            if not name.endswith(".srt") or ".synced." in name:
                continue
            stem = name.split(".")[0]
            if stem in videos:
                yield videos[stem], base / name


def synced_name(srt: Path) -> Path:
    return srt.with_name(srt.name[:-4] + ".synced.srt")


def run_ffsubsync(tool: str, video: Path, srt: Path, max_offset: int) -> bool:
    cmd = [tool, str(video), "-i", str(srt), "-o", str(synced_name(srt)),
           "--max-offset-seconds", str(max_offset)]
    log.debug("running %s", " ".join(cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    if proc.returncode != 0:
        log.warning("ffsubsync failed for %s: %s", srt.name, proc.stderr.strip()[-300:])
        return False
    return True


def scan_once(root: Path, tool: str, max_offset: int) -> int:
    state = SyncState(root)
    count = 0
    for video, srt in find_pairs(root):
        if state.is_current(srt):
            continue
        log.info("aligning %s", srt)
        if run_ffsubsync(tool, video, srt, max_offset):
            state.mark(srt)
            count += 1
    state.save()
    return count


def parse_args(argv):
    ap = argparse.ArgumentParser(description="Auto-align subtitles with ffsubsync")
    ap.add_argument("library", type=Path)
    ap.add_argument("--interval", type=int, default=120, help="seconds between scans")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--max-offset", type=int, default=60)
    ap.add_argument("--log-file", type=Path, default=Path("autosync.log"))
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
        handlers=[logging.StreamHandler(), logging.FileHandler(args.log_file)],
    )
    tool = shutil.which("ffsubsync")
    if tool is None:
        log.error("ffsubsync not found; pip install ffsubsync")
        return 1
    library = args.library.expanduser().resolve()
    while True:
        try:
            n = scan_once(library, tool, args.max_offset)
            log.info("scan finished, %d file(s) aligned", n)
        except subprocess.TimeoutExpired as exc:
            log.error("timed out: %s", exc)
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        pass
