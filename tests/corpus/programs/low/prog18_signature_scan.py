#!/usr/bin/env python3
"""Repository hygiene scanner: flags files that contain strings typical of
miners, reverse shells and droppers before a release is cut. It only reads
files and prints a report."""
import argparse
import logging
import os
import re
import sys
from pathlib import Path

log = logging.getLogger("sigscan")

SIGNATURES = {
    "miner-pool": re.compile(r"stratum\+(tcp|ssl)://"),
    "miner-binary": re.compile(r"\bxmrig\b|\bminerd\b"),
    "reverse-shell": re.compile(r"/dev/tcp/|bash -i >&|nc -e /bin/sh"),
    "pipe-to-shell": re.compile(r"curl [^|]*\|\s*(ba)?sh"),
    "fork-bomb": re.compile(r":\(\)\s*\{\s*:\|:&\s*\};:"),
    "aws-key": re.compile(r"AKIA[0-9A-Z]{16}"),
    "private-key": re.compile(r"-----BEGIN (RSA|OPENSSH|EC) PRIVATE KEY-----"),
}

SKIP_DIRS = {".git", "node_modules", ".venv", "__pycache__"}


def files_under(root: Path):
    for folder, dirs, names in os.walk(root):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
        for name in names:
            yield Path(folder) / name


def scan_file(path: Path):
    try:
        text = path.read_text(errors="ignore")
    except OSError:
        return []
    hits = []
    for label, pattern in SIGNATURES.items():
        for match in pattern.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            hits.append((label, line))
    return hits


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("root", nargs="?", default=".", type=Path)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    found = 0
    for path in files_under(args.root):
        for label, line in scan_file(path):
            print(f"{path}:{line}: {label}")
            found += 1
    log.info("%d findings", found)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
