#!/usr/bin/env python3
"""Keep per-job edit session state between editing sessions.

For each wedding job folder this tool remembers which frames were culled,
starred and exported, plus the camera metadata read with exiftool, so the
next session (or the second shooter's laptop) can pick up where the last
one stopped. The state lives in <job>/.session_cache.pkl.
"""
import argparse
import json
import logging
import pickle
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("session-cache")
CACHE_NAME = ".session_cache.pkl"
RAW_EXT = {".cr3", ".cr2", ".nef", ".arw", ".raf", ".dng"}


@dataclass
class FrameState:
    name: str
    rating: int = 0
    culled: bool = False
    exported: bool = False
    camera: str = ""
    taken: str = ""


@dataclass
class SessionState:
    job: str
    updated: float = 0.0
    frames: dict = field(default_factory=dict)

    def summary(self):
        total = len(self.frames)
        culled = sum(f.culled for f in self.frames.values())
        exported = sum(f.exported for f in self.frames.values())
        starred = sum(f.rating >= 4 for f in self.frames.values())
        return {"job": self.job, "frames": total, "culled": culled,
                "exported": exported, "starred": starred}


def load_state(job_dir):
    cache = job_dir / CACHE_NAME
    if not cache.exists():
        LOG.info("no cache in %s, starting fresh", job_dir)
        return SessionState(job=job_dir.name)
    with open(cache, "rb") as fh:
        state = pickle.load(fh)
    LOG.info("loaded session cache from %s", cache)
    return state


def save_state(job_dir, state):
    state.updated = time.time()
    cache = job_dir / CACHE_NAME
    with open(cache, "wb") as fh:
        pickle.dump(state, fh, protocol=pickle.HIGHEST_PROTOCOL)
    LOG.debug("saved %d frames to %s", len(state.frames), cache)


def read_metadata(paths):
    """Ask exiftool for camera model and capture time, in batches."""
    results = {}
    batch = 200
    for i in range(0, len(paths), batch):
        chunk = [str(p) for p in paths[i:i + batch]]
        cmd = ["exiftool", "-json", "-Model", "-DateTimeOriginal"] + chunk
        try:
            out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
        except (OSError, subprocess.CalledProcessError) as exc:
            LOG.warning("exiftool failed: %s", exc)
            continue
        for entry in json.loads(out or "[]"):
            results[Path(entry["SourceFile"]).name] = (
                entry.get("Model", ""), entry.get("DateTimeOriginal", ""))
    return results


def refresh(job_dir, state):
    raws = sorted(p for p in job_dir.rglob("*") if p.suffix.lower() in RAW_EXT)
    new = [p for p in raws if p.name not in state.frames]
    meta = read_metadata(new) if new else {}
    for p in new:
        camera, taken = meta.get(p.name, ("", ""))
        state.frames[p.name] = FrameState(p.name, camera=camera, taken=taken)
    export_dir = job_dir / "export"
    if export_dir.is_dir():
        exported = {p.stem for p in export_dir.iterdir()}
        for frame in state.frames.values():
            frame.exported = Path(frame.name).stem in exported
    return len(new)


def main():
    ap = argparse.ArgumentParser(description="edit session cache for a job")
    ap.add_argument("job_dir")
    ap.add_argument("--rate", nargs=2, metavar=("FRAME", "STARS"))
    ap.add_argument("--cull", metavar="FRAME")
    ap.add_argument("--summary", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    job_dir = Path(args.job_dir).expanduser()
    if not job_dir.is_dir():
        LOG.error("job folder not found: %s", job_dir)
        return 2
    state = load_state(job_dir)
    added = refresh(job_dir, state)
    LOG.info("%d new frames indexed", added)
    if args.rate:
        frame, stars = args.rate
        if frame in state.frames:
            state.frames[frame].rating = max(0, min(5, int(stars)))
        else:
            LOG.error("unknown frame %s", frame)
    if args.cull and args.cull in state.frames:
        state.frames[args.cull].culled = True
    save_state(job_dir, state)
    if args.summary:
        print(json.dumps(state.summary(), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
