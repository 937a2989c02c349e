#!/usr/bin/env python3
"""Music library organiser.

Reads tagging / filing rules from a YAML file and moves tracks from an inbox
folder into Artist/Album/NN - Title.ext. A scan index is kept between runs
so unchanged files are not re-read.
"""
import argparse
import logging
import pickle
import re
import shutil
from pathlib import Path

import yaml
from mutagen import File as MutagenFile

log = logging.getLogger("organizer")

DEFAULT_RULES = """
pattern: "{artist}/{album}/{track:02d} - {title}{ext}"
extensions: [.mp3, .flac, .ogg, .m4a, .opus]
replace: {"/": "-", ":": " -", "?": ""}
fallback_artist: Unknown Artist
"""


def load_rules(path: Path) -> dict:
    text = path.read_text(encoding="utf-8") if path.exists() else DEFAULT_RULES
    rules = yaml.load(text, Loader=yaml.Loader)
    rules.setdefault("extensions", [".mp3", ".flac"])
    rules.setdefault("replace", {})
    return rules


class ScanIndex:
    def __init__(self, path: Path):
        self.path = path
        self.entries = {}
        if path.exists():
            with path.open("rb") as fh:
                self.entries = pickle.load(fh)

    def seen(self, f: Path) -> bool:
        st = f.stat()
        return self.entries.get(str(f)) == (st.st_size, int(st.st_mtime))

    def remember(self, f: Path):
        st = f.stat()
        self.entries[str(f)] = (st.st_size, int(st.st_mtime))

    def save(self):
        with self.path.open("wb") as fh:
            pickle.dump(self.entries, fh)


def clean(value: str, replace: dict) -> str:
    for bad, good in replace.items():
        value = value.replace(bad, good)
    return re.sub(r"\s+", " ", value).strip() or "_"


def read_tags(path: Path, rules: dict) -> dict:
    audio = MutagenFile(str(path), easy=True)
    tags = dict(audio.tags or {}) if audio else {}
    first = lambda key, default: (tags.get(key) or [default])[0]
    track = re.match(r"\d+", first("tracknumber", "0"))
    return {
        "artist": clean(first("albumartist", first("artist", rules["fallback_artist"])),
                        rules["replace"]),
        "album": clean(first("album", "Singles"), rules["replace"]),
        "title": clean(first("title", path.stem), rules["replace"]),
        "track": int(track.group()) if track else 0,
        "ext": path.suffix.lower(),
    }


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("inbox", type=Path)
    ap.add_argument("library", type=Path)
    ap.add_argument("--rules", type=Path, default=Path("organizer.yaml"))
    ap.add_argument("--index", type=Path, default=Path(".organizer.idx"))
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    rules = load_rules(args.rules)
    index = ScanIndex(args.index)
    moved = 0
    for track in sorted(args.inbox.rglob("*")):
        if track.suffix.lower() not in rules["extensions"] or index.seen(track):
            continue
        try:
            dest = args.library / rules["pattern"].format(**read_tags(track, rules))
        except (KeyError, ValueError) as exc:
            log.warning("cannot file %s: %s", track, exc)
            continue
        log.info("%s -> %s", track.name, dest)
        if not args.dry_run:
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(str(track), str(dest))
            moved += 1
        else:
            index.remember(track)
    index.save()
    log.info("moved %d tracks", moved)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
