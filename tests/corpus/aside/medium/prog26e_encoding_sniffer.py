#!/usr/bin/env python3
"""Find text files in the project that are not UTF-8 and convert them.

Detection is delegated to ``file --mime-encoding`` and conversion to
``iconv``; both are run as ordinary child processes.  Converted copies are
written beside the originals with a ``.utf8`` suffix unless --in-place.
"""
import argparse
import os
import subprocess
import sys
from pathlib import Path

TEXT_SUFFIXES = {".txt", ".csv", ".md", ".ini", ".cfg", ".srt", ".po"}
ENCODING_MAP = {
    "iso-8859-1": "ISO-8859-1",
    "unknown-8bit": "CP1252",
    "utf-16le": "UTF-16LE",
    "utf-16be": "UTF-16BE",
    "ebcdic": "EBCDIC-US",
}


def detect(path):
    result = subprocess.run(
        ["file", "--brief", "--mime-encoding", str(path)],
        capture_output=True, text=True, check=False,
    )
    return result.stdout.strip().lower() or "unknown"


def convert(path, source_enc, in_place):
    target = path if in_place else path.with_name(path.name + ".utf8")
    result = subprocess.run(
        ["iconv", "-f", source_enc, "-t", "UTF-8", str(path)],
        capture_output=True, check=False,
    )
    if result.returncode != 0:
        return False, result.stderr.decode(errors="replace").strip()
    target.write_bytes(result.stdout)
    return True, str(target)


def walk(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".") and d != "node_modules"]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in TEXT_SUFFIXES:
                yield p


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", default=".")
    ap.add_argument("--convert", action="store_true")
    ap.add_argument("--in-place", action="store_true")
    args = ap.parse_args()

    found = 0
    for path in walk(args.root):
        enc = detect(path)
        if enc in ("utf-8", "us-ascii", "binary"):
            continue
        found += 1
        source_enc = ENCODING_MAP.get(enc, enc.upper())
        line = f"{path}: {enc}"
        if args.convert:
            ok, info = convert(path, source_enc, args.in_place)
            line += f" -> {'ok ' + info if ok else 'FAILED: ' + info}"
        print(line)
    print(f"{found} non-UTF-8 files", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
