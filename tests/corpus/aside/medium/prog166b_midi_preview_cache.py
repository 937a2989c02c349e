#!/usr/bin/env python3
"""Generate short MIDI audio previews for the web catalogue, with a cache.

Rendering previews through fluidsynth is slow, so rendered results and their
metadata are cached between runs of the catalogue build.
"""
import argparse
import hashlib
import logging
import os
import pickle
import subprocess
import time
from pathlib import Path

log = logging.getLogger("preview-cache")

CACHE_FILE = Path("/tmp/midi_preview_cache.pkl")
PREVIEW_DIR = Path("/tmp/midi_previews")
SOUNDFONT = os.environ.get("SOUNDFONT", "/usr/share/sounds/sf2/FluidR3_GM.sf2")
PREVIEW_SECONDS = 30


class PreviewCache:
    def __init__(self, path):
        self.path = path
        self.entries = {}

    def load(self):
        if self.path.exists():
            with open(self.path, "rb") as fh:
                self.entries = pickle.load(fh)
            log.info("loaded %d cached previews", len(self.entries))

    def save(self):
        with open(self.path, "wb") as fh:
            pickle.dump(self.entries, fh)

    def get(self, key):
        return self.entries.get(key)

    def put(self, key, value):
        self.entries[key] = value


def file_key(path):
    h = hashlib.sha256()
    h.update(path.read_bytes())
    return h.hexdigest()


def render_preview(midi, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    wav = out_dir / (midi.stem + ".wav")
    mp3 = out_dir / (midi.stem + ".mp3")
    subprocess.run(
        ["fluidsynth", "-ni", "-F", str(wav), "-r", "44100", SOUNDFONT, str(midi)],
        check=True, capture_output=True,
    )
    subprocess.run(
        ["ffmpeg", "-y", "-loglevel", "error", "-t", str(PREVIEW_SECONDS),
         "-i", str(wav), "-b:a", "128k", str(mp3)],
        check=True,
    )
    wav.unlink()
    return mp3


def build(midi_dir, cache, force):
    built = skipped = 0
    for midi in sorted(midi_dir.glob("*.mid")):
        key = file_key(midi)
        cached = cache.get(key)
        if cached and Path(cached["mp3"]).exists() and not force:
            skipped += 1
            continue
        start = time.time()
        try:
            mp3 = render_preview(midi, PREVIEW_DIR)
        except subprocess.CalledProcessError as exc:
            log.error("failed to render %s: %s", midi.name, exc)
            continue
        cache.put(key, {"source": str(midi), "mp3": str(mp3),
                        "seconds": round(time.time() - start, 2)})
        built += 1
        log.info("rendered %s", mp3.name)
    return built, skipped


def main():
    parser = argparse.ArgumentParser(description="Build catalogue MIDI previews")
    parser.add_argument("midi_dir", type=Path)
    parser.add_argument("--force", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cache = PreviewCache(CACHE_FILE)
    cache.load()
    built, skipped = build(args.midi_dir, cache, args.force)
    cache.save()
    log.info("%d previews built, %d from cache, output in %s", built, skipped, PREVIEW_DIR)


if __name__ == "__main__":
    main()
