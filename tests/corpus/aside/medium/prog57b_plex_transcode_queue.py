#!/usr/bin/env python3
"""Find media files that the living-room TV can't direct-play and queue them.

Probes every file under the library path with ffprobe, decides whether it
needs an H.264/AAC transcode and keeps the queue between runs in a pickle
file so the nightly job can resume where it stopped.
"""
import argparse
import json
import logging
import pickle
import subprocess
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("transcode-queue")
MEDIA_EXT = {".mkv", ".mp4", ".avi", ".m4v", ".ts"}
TV_VIDEO = {"h264"}
TV_AUDIO = {"aac", "ac3", "mp3"}


@dataclass
class Job:
    path: str
    reason: str
    done: bool = False


class Queue:
    def __init__(self, store: Path):
        self.store = store
        self.jobs: dict[str, Job] = {}
        if store.exists():
            with store.open("rb") as fh:
                self.jobs = pickle.load(fh)

    def add(self, job: Job):
        if job.path not in self.jobs:
            self.jobs[job.path] = job

    def pending(self):
        return [j for j in self.jobs.values() if not j.done]

    def save(self):
        with self.store.open("wb") as fh:
            pickle.dump(self.jobs, fh, protocol=pickle.HIGHEST_PROTOCOL)


def probe(path: Path) -> dict:
    cmd = [
        "ffprobe", "-v", "error", "-print_format", "json",
        "-show_streams", "-show_format", str(path),
    ]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=60, check=True)
    return json.loads(out.stdout)


def needs_transcode(info: dict) -> str | None:
    vcodecs = {s.get("codec_name") for s in info.get("streams", []) if s.get("codec_type") == "video"}
    acodecs = {s.get("codec_name") for s in info.get("streams", []) if s.get("codec_type") == "audio"}
    if vcodecs and not vcodecs & TV_VIDEO:
        return "video " + ",".join(sorted(filter(None, vcodecs)))
    if acodecs and not acodecs & TV_AUDIO:
        return "audio " + ",".join(sorted(filter(None, acodecs)))
    return None


def scan(library: Path, queue: Queue) -> int:
    added = 0
    for path in library.rglob("*"):
        if path.suffix.lower() not in MEDIA_EXT or str(path) in queue.jobs:
            continue
        try:
            reason = needs_transcode(probe(path))
        except (subprocess.SubprocessError, json.JSONDecodeError) as exc:
            log.warning("probe failed for %s: %s", path.name, exc)
            continue
        if reason:
            queue.add(Job(str(path), reason))
            added += 1
            log.debug("queued %s (%s)", path.name, reason)
    return added


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("library", type=Path)
    ap.add_argument("--queue", type=Path, default=Path("transcode-queue.pkl"))
    ap.add_argument("--list", action="store_true", help="print pending jobs and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    queue = Queue(args.queue)
    if args.list:
        for job in queue.pending():
            print(f"{job.reason:<20} {job.path}")
        return
    added = scan(args.library, queue)
    queue.save()
    log.info("%d new jobs, %d pending total", added, len(queue.pending()))


if __name__ == "__main__":
    main()
