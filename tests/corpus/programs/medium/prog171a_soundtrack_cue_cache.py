#!/usr/bin/env python3
"""Builds the beat grid for a show soundtrack and caches it.

Pyro-musical shows are choreographed to the music; the designer needs
the track length and beat marks so cues can be snapped to them.
"""
import argparse
import functools
import hashlib
import json
import logging
import os
import pickle
import subprocess
from pathlib import Path

log = logging.getLogger("beatgrid")

CACHE_DIR = Path(os.environ.get("BEATGRID_CACHE", ".beatgrid"))
TOOLS = {"probe": ("ff", "probe"), "stats": ("sox",)}


def tool(name):
    return "".join(TOOLS[name])


def cached(fn):
    @functools.wraps(fn)
    def inner(track, *args):
        key = hashlib.sha256(f"{track.resolve()}:{track.stat().st_mtime}".encode()).hexdigest()
        path = CACHE_DIR / f"{key}.pkl"
        if path.exists():
            with path.open("rb") as fh:
                return pickle.load(fh)
        result = fn(track, *args)
        CACHE_DIR.mkdir(exist_ok=True)
        with path.open("wb") as fh:
            pickle.dump(result, fh)
        return result
    return inner


def probe(track):
    cmd = [tool("probe"), "-v", "error", "-show_entries",
           "format=duration:stream=sample_rate,channels", "-of", "json", str(track)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    info = json.loads(out)
    stream = (info.get("streams") or [{}])[0]
    return {
        "duration": float(info["format"]["duration"]),
        "rate": int(stream.get("sample_rate", 44100)),
        "channels": int(stream.get("channels", 2)),
    }


@cached
def beat_grid(track, bpm, offset):
    meta = probe(track)
    step = 60.0 / bpm
    beats = []
    t = offset
    while t < meta["duration"]:
        beats.append(round(t, 3))
        t += step
    return {"track": track.name, "meta": meta, "bpm": bpm, "beats": beats}


def to_cue_sheet(grid, every):
    rows = []
    for n, t in enumerate(grid["beats"]):
        if n % every == 0:
            rows.append({"cue": len(rows) + 1, "time": t, "bar": n // 4 + 1})
    return rows


def main():
    ap = argparse.ArgumentParser(description="beat grid for a soundtrack")
    ap.add_argument("track", type=Path)
    ap.add_argument("--bpm", type=float, required=True)
    ap.add_argument("--offset", type=float, default=0.0)
    ap.add_argument("--every", type=int, default=4, help="cue every N beats")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    grid = beat_grid(args.track, args.bpm, args.offset)
    sheet = to_cue_sheet(grid, args.every)
    text = json.dumps({"track": grid["track"], "cues": sheet}, indent=2)
    if args.out:
        args.out.write_text(text)
        log.info("wrote %d cues to %s", len(sheet), args.out)
    else:
        print(text)


if __name__ == "__main__":
    main()
