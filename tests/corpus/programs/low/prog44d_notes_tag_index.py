#!/usr/bin/env python3
"""Build a tag index for a folder of Markdown notes.

Scans ./notes (or --root) for *.md files, extracts #tags and YAML-ish
front-matter "tags:" lines, and writes tags.json next to the notes.
Per-file results are cached in ./.tagcache keyed by an MD5 of the content,
so re-runs over a large vault are quick.
"""
import argparse
import hashlib
import json
import logging
import re
import shutil
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("tagindex")
TAG_RE = re.compile(r"(?<![\w/])#([A-Za-z][\w\-/]{1,40})")
FRONT_RE = re.compile(r"^tags:\s*\[?([^\]\n]+)\]?", re.MULTILINE)


class NoteWalker:
    def __init__(self, root: Path, cache_dir: Path, exclude=("_archive", ".git")):
        self.root = root
        self.cache_dir = cache_dir
        self.exclude = set(exclude)
        self.cache_dir.mkdir(exist_ok=True)

    def files(self):
        for path in sorted(self.root.rglob("*.md")):
            if self.exclude.intersection(path.relative_to(self.root).parts):
                continue
            yield path

    def _cache_file(self, text: str) -> Path:
        key = hashlib.md5(text.encode("utf-8")).hexdigest()
        return self.cache_dir / f"{key}.json"

    def tags_for(self, path: Path):
        text = path.read_text(encoding="utf-8", errors="replace")
        cached = self._cache_file(text)
        if cached.exists():
            return json.loads(cached.read_text())
        tags = {t.lower() for t in TAG_RE.findall(text)}
        m = FRONT_RE.search(text[:600])
        if m:
            tags.update(t.strip().strip("'\"").lower() for t in m.group(1).split(",") if t.strip())
        result = sorted(tags)
        cached.write_text(json.dumps(result))
        return result


def build_index(walker: NoteWalker):
    index = defaultdict(list)
    count = 0
    for path in walker.files():
        try:
            for tag in walker.tags_for(path):
                index[tag].append(str(path.relative_to(walker.root)))
            count += 1
        except OSError as exc:
            log.warning("skipping %s: %s", path, exc)
    log.info("indexed %d notes, %d distinct tags", count, len(index))
    return dict(sorted(index.items()))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default="notes", help="notes folder (relative to cwd)")
    ap.add_argument("--out", default="tags.json")
    ap.add_argument("--clear-cache", action="store_true", help="drop ./.tagcache first")
    ap.add_argument("--top", type=int, default=10, help="print the N most used tags")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    root = Path(args.root)
    if not root.is_dir():
        ap.error(f"{root} is not a directory")
    cache_dir = Path(".tagcache")
    if args.clear_cache and cache_dir.exists():
        shutil.rmtree(cache_dir)
        log.info("cleared %s", cache_dir)

    index = build_index(NoteWalker(root, cache_dir))
    Path(args.out).write_text(json.dumps(index, indent=2, ensure_ascii=False))
    for tag, notes in sorted(index.items(), key=lambda kv: -len(kv[1]))[: args.top]:
        print(f"{len(notes):5d}  #{tag}")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
