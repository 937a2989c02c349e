#!/usr/bin/env python3
"""btlib - backing track library manager for function bands.

Scans a tracks folder, reads tempo/key/length from sidecar JSON or from the
"Title - Key - BPM.ext" naming convention, and keeps a searchable index.

    btlib scan            rebuild the index from ./tracks
    btlib list --key Am   filter by key / tempo range
    btlib export set.txt  write a player-ready playlist for a setlist file

Extra container formats (Logic stems, MultiTracks .mtz, Ableton sets) are
handled by format handler modules kept in ./btlib_handlers next to the library.
"""
import argparse
import importlib.util
import json
import logging
import os
import pickle
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("btlib")

INDEX_FILE = Path(".btindex.pkl")
HANDLER_HOME = Path(os.environ.get("BTLIB_HANDLERS", "btlib_handlers"))
AUDIO_EXT = {".wav", ".mp3", ".flac", ".m4a", ".aif", ".aiff"}
NAME_RE = re.compile(r"^(?P<title>.+?)\s+-\s+(?P<key>[A-G][#b]?m?)\s+-\s+(?P<bpm>\d{2,3})$")


@dataclass
class Track:
    path: str
    title: str
    key: str = ""
    bpm: int = 0
    seconds: float = 0.0
    tags: list = field(default_factory=list)


class HandlerRegistry:
    def __init__(self):
        self.by_ext = {}

    def register(self, ext, reader):
        self.by_ext[ext.lower()] = reader

    def read(self, path):
        reader = self.by_ext.get(path.suffix.lower())
        return reader(path) if reader else None


def load_handlers(registry):
    if not HANDLER_HOME.is_dir():
        log.debug("no handler directory at %s", HANDLER_HOME)
        return
    for module_path in sorted(HANDLER_HOME.glob("*.py")):
        spec = importlib.util.spec_from_file_location(f"btlib_handler_{module_path.stem}", module_path)
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
            module.register(registry)
        except Exception as exc:  # a broken handler should not stop the scan
            log.error("handler %s failed: %s", module_path.name, exc)


def describe(path, registry):
    meta_file = path.with_suffix(".json")
    if meta_file.exists():
        meta = json.loads(meta_file.read_text())
        return Track(str(path), meta.get("title", path.stem), meta.get("key", ""),
                     int(meta.get("bpm", 0)), float(meta.get("seconds", 0)), meta.get("tags", []))
    extra = registry.read(path)
    if extra:
        return Track(str(path), **extra)
    m = NAME_RE.match(path.stem)
    if m:
        return Track(str(path), m["title"], m["key"], int(m["bpm"]))
    return Track(str(path), path.stem)


def scan(root, registry):
    tracks = []
    known = set(AUDIO_EXT) | set(registry.by_ext)
    for path in sorted(Path(root).rglob("*")):
        if path.is_file() and path.suffix.lower() in known:
            tracks.append(describe(path, registry))
    with INDEX_FILE.open("wb") as fh:
        pickle.dump({"built": time.time(), "tracks": tracks}, fh)
    log.info("indexed %d tracks under %s", len(tracks), root)
    return tracks


def load_index():
    if not INDEX_FILE.exists():
        sys.exit("no index yet - run `btlib scan` first")
    with INDEX_FILE.open("rb") as fh:
        return pickle.load(fh)["tracks"]


def matches(track, args):
    if args.key and track.key.lower() != args.key.lower():
        return False
    if args.min_bpm and track.bpm < args.min_bpm:
        return False
    if args.max_bpm and track.bpm and track.bpm > args.max_bpm:
        return False
    return True


def export_playlist(setlist_file, out, tracks):
    by_title = {t.title.lower(): t for t in tracks}
    lines, missing = ["#EXTM3U"], []
    for song in Path(setlist_file).read_text().splitlines():
        song = song.strip()
        if not song or song.startswith("#"):
            continue
        t = by_title.get(song.lower())
        if t is None:
            missing.append(song)
            continue
        lines += [f"#EXTINF:{int(t.seconds) or -1},{t.title} ({t.key} {t.bpm})", t.path]
    Path(out).write_text("\n".join(lines) + "\n")
    for song in missing:
        log.warning("no backing track for %r", song)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="btlib")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p_scan = sub.add_parser("scan")
    p_scan.add_argument("root", nargs="?", default="tracks")
    p_list = sub.add_parser("list")
    p_list.add_argument("--key")
    p_list.add_argument("--min-bpm", type=int, default=0)
    p_list.add_argument("--max-bpm", type=int, default=0)
    p_exp = sub.add_parser("export")
    p_exp.add_argument("setlist")
    p_exp.add_argument("-o", "--out", default="set.m3u")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(levelname)s %(message)s")

    registry = HandlerRegistry()
    load_handlers(registry)

    if args.cmd == "scan":
        scan(args.root, registry)
    elif args.cmd == "list":
        for t in filter(lambda t: matches(t, args), load_index()):
            print(f"{t.title:40} {t.key:4} {t.bpm:>4}  {t.path}")
    elif args.cmd == "export":
        export_playlist(args.setlist, args.out, load_index())
    return 0


if __name__ == "__main__":
    sys.exit(main())
