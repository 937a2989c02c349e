#!/usr/bin/env python3
"""Load desk cue lists, with a parsed-cue cache for fast show-day start-up.

The desk's ASCII cue export takes a while to parse on the old FOH laptop,
so parsed cue lists are cached in ./.cue_cache keyed by the MD5 of the
export file. Operators also hand each other cache files on a USB stick
(--import-cache) so the second laptop does not have to re-parse either.
"""
import argparse
import hashlib
import logging
import pickle
import sys
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("cue_cache")
CACHE_DIR = Path(".cue_cache")


@dataclass
class Cue:
    number: str
    label: str = ""
    fade_up: float = 0.0
    fade_down: float = 0.0
    levels: dict = field(default_factory=dict)


def parse_ascii_export(path: Path) -> list:
    """Parse a USITT-style ASCII cue export (CUE/TEXT/UP/DOWN/CHAN lines)."""
    cues, current = [], None
    for raw in path.read_text(encoding="latin-1").splitlines():
        parts = raw.strip().split(None, 1)
        if not parts:
            continue
        keyword = parts[0].upper()
        rest = parts[1] if len(parts) > 1 else ""
        if keyword == "CUE":
            current = Cue(number=rest.split()[0])
            cues.append(current)
        elif current is None:
            continue
        elif keyword == "TEXT":
            current.label = rest
        elif keyword == "UP":
            current.fade_up = float(rest.split()[0])
        elif keyword == "DOWN":
            current.fade_down = float(rest.split()[0])
        elif keyword == "CHAN":
            for pair in rest.split():
                chan, _, level = pair.partition("/")
                if level:
                    current.levels[int(chan)] = level
    return cues


def cache_key(path: Path) -> str:
    return hashlib.md5(path.read_bytes()).hexdigest()


def load_cues(export: Path, use_cache: bool = True) -> list:
    CACHE_DIR.mkdir(exist_ok=True)
    cached = CACHE_DIR / f"{cache_key(export)}.pkl"
    if use_cache and cached.exists():
        LOG.info("using cached cues %s", cached.name)
        with cached.open("rb") as fh:
            return pickle.load(fh)
    LOG.info("parsing %s", export)
    cues = parse_ascii_export(export)
    with cached.open("wb") as fh:
        pickle.dump(cues, fh)
    return cues


def import_cache(src: Path) -> list:
    """Load a cache file handed over from another operator's laptop."""
    with src.open("rb") as fh:
        cues = pickle.load(fh)
    target = CACHE_DIR / src.name
    CACHE_DIR.mkdir(exist_ok=True)
    target.write_bytes(src.read_bytes())
    LOG.info("imported %d cues into %s", len(cues), target)
    return cues


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Load and summarise desk cue lists")
    ap.add_argument("export", nargs="?", type=Path, help="ASCII cue export")
    ap.add_argument("--import-cache", type=Path, help="cache file from another laptop")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        if args.import_cache:
            cues = import_cache(args.import_cache)
        elif args.export:
            cues = load_cues(args.export, use_cache=not args.no_cache)
        else:
            ap.error("give an export file or --import-cache")
    except (OSError, ValueError, pickle.UnpicklingError) as exc:
        LOG.error("could not load cues: %s", exc)
        return 1

    for cue in cues:
        LOG.debug("cue %s %r up %.1f down %.1f (%d chans)",
                  cue.number, cue.label, cue.fade_up, cue.fade_down, len(cue.levels))
    print(f"{len(cues)} cues loaded; first {cues[0].number if cues else '-'}, "
          f"last {cues[-1].number if cues else '-'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
