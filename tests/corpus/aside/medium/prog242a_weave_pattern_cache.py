#!/usr/bin/env python3
"""Compile Jacquard weave patterns and cache the compiled form.

Designers drop pattern sheets into ./patterns/ as text grids (one row per
pick, '1' = warp up, '0' = warp down). Compiling a large sheet into per-pick
hook masks for the loom controller takes a while, so compiled patterns are
stored as pickles in ./pattern_cache/ and reloaded when the sheet has not
changed. Cache files are shared with the other pattern-room workstations
over the department drive.
"""

import argparse
import logging
import os
import pickle
import sys
import time
from pathlib import Path

log = logging.getLogger("pattern_cache")


class CompiledPattern:
    """Per-pick hook masks ready to send to the Jacquard head."""

    def __init__(self, name, hooks, picks, masks, source_mtime):
        self.name = name
        self.hooks = hooks
        self.picks = picks
        self.masks = masks
        self.source_mtime = source_mtime
        self.compiled_at = time.time()

    def float_lengths(self):
        """Longest run of the same state per hook, used to spot long floats."""
        worst = 0
        for hook in range(self.hooks):
            run, last = 0, None
            for mask in self.masks:
                bit = (mask >> hook) & 1
                run = run + 1 if bit == last else 1
                last = bit
                worst = max(worst, run)
        return worst


def parse_sheet(path: Path):
    rows = []
    for lineno, raw in enumerate(path.read_text().splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if set(line) - {"0", "1"}:
            raise ValueError(f"{path}:{lineno}: only 0/1 allowed")
        rows.append(line)
    if not rows:
        raise ValueError(f"{path}: empty pattern")
    width = len(rows[0])
    if any(len(r) != width for r in rows):
        raise ValueError(f"{path}: rows have different widths")
    return rows, width


def compile_sheet(path: Path) -> CompiledPattern:
    rows, width = parse_sheet(path)
    masks = [int(row[::-1], 2) for row in rows]
    return CompiledPattern(path.stem, width, len(rows), masks, path.stat().st_mtime)


def load_cached(cache_file: Path, source: Path):
    if not cache_file.exists():
        return None
    try:
        with cache_file.open("rb") as fh:
            pattern = pickle.load(fh)
    except (pickle.UnpicklingError, EOFError, AttributeError) as exc:
        log.warning("corrupt cache %s (%s), recompiling", cache_file.name, exc)
        return None
    if pattern.source_mtime < source.stat().st_mtime:
        log.info("%s changed since last compile", source.name)
        return None
    return pattern


def store_cached(cache_file: Path, pattern: CompiledPattern):
    tmp = cache_file.with_suffix(".tmp")
    with tmp.open("wb") as fh:
        pickle.dump(pattern, fh, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(tmp, cache_file)


def main() -> int:
    ap = argparse.ArgumentParser(description="compile and cache Jacquard patterns")
    ap.add_argument("--patterns", type=Path, default=Path("patterns"))
    ap.add_argument("--cache", type=Path, default=Path("pattern_cache"))
    ap.add_argument("--max-float", type=int, default=12,
                    help="warn when a hook floats over more picks than this")
    ap.add_argument("names", nargs="*", help="pattern names (default: all)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    args.cache.mkdir(exist_ok=True)
    sheets = ([args.patterns / f"{n}.txt" for n in args.names] if args.names
              else sorted(args.patterns.glob("*.txt")))
    failures = 0
    for sheet in sheets:
        if not sheet.exists():
            log.error("missing sheet %s", sheet)
            failures += 1
            continue
        cache_file = args.cache / f"{sheet.stem}.pkl"
        pattern = load_cached(cache_file, sheet)
        if pattern is None:
            try:
                pattern = compile_sheet(sheet)
            except ValueError as exc:
                log.error("%s", exc)
                failures += 1
                continue
            store_cached(cache_file, pattern)
            log.info("compiled %s: %d hooks x %d picks", pattern.name,
                     pattern.hooks, pattern.picks)
        else:
            log.info("cached %s: %d hooks x %d picks", pattern.name,
                     pattern.hooks, pattern.picks)
        longest = pattern.float_lengths()
        if longest > args.max_float:
            log.warning("%s has a float of %d picks (limit %d)", pattern.name,
                        longest, args.max_float)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
