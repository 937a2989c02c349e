#!/usr/bin/env python3
"""Generate compile_commands.json for a small C project.

Walks ./src, builds a compiler command per translation unit from a flags
table, and writes the compilation database that clangd and clang-tidy
read. MD5 of the command line is used only as a cache key so unchanged
entries keep their position. No compiler is invoked.
"""
import argparse
import hashlib
import json
import logging
import os
from pathlib import Path

LOG = logging.getLogger("compdb")

FLAG_TABLE = [
    ("common", ["-std=c11", "-Wall", "-Wextra", "-Wpedantic"]),
    ("debug", ["-O0", "-g3", "-DDEBUG=1"]),
    ("release", ["-O2", "-DNDEBUG"]),
    ("sanitize", ["-fsanitize=address,undefined", "-fno-omit-frame-pointer"]),
]


def flags_for(modes):
    result = []
    for name, flags in FLAG_TABLE:
        if name == "common" or name in modes:
            result.extend(flags)
    return result


class CompileEntry:
    def __init__(self, root, source, compiler, flags, includes):
        self.root = root
        self.source = source
        self.compiler = compiler
        self.flags = flags
        self.includes = includes

    @property
    def output(self):
        return Path("build") / self.source.relative_to(self.root).with_suffix(".o")

    def arguments(self):
        args = [self.compiler]
        args += self.flags
        args += [f"-I{inc}" for inc in self.includes]
        args += ["-c", str(self.source), "-o", str(self.output)]
        return args

    def cache_key(self):
        return hashlib.md5(" ".join(self.arguments()).encode()).hexdigest()

    def as_dict(self):
        return {"directory": str(self.root), "file": str(self.source),
                "arguments": self.arguments(), "output": str(self.output)}


def load_previous(path):
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return {e.get("_key"): e for e in data if isinstance(e, dict)}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    ap.add_argument("--mode", action="append", default=[], choices=["debug", "release", "sanitize"])
    ap.add_argument("--include", action="append", default=["include"])
    ap.add_argument("--out", type=Path, default=Path("compile_commands.json"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    root = Path.cwd()
    sources = sorted((root / "src").rglob("*.c"))
    if not sources:
        LOG.error("no C sources under %s/src", root)
        return 1
    previous = load_previous(args.out)
    entries, reused = [], 0
    for src in sources:
        entry = CompileEntry(root, src, args.cc, flags_for(args.mode), args.include)
        key = entry.cache_key()
        record = previous.get(key)
        if record is None:
            record = dict(entry.as_dict(), _key=key)
        else:
            reused += 1
        entries.append(record)
    args.out.write_text(json.dumps(entries, indent=2) + "\n")
    LOG.info("%d entries (%d reused) written to %s", len(entries), reused, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
