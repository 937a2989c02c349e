#!/usr/bin/env python3
"""Verify downloaded release artifacts against a SHA256SUMS file.

The SHA256SUMS format is the one produced by `sha256sum`:
    <hex digest>  <file name>
"""
import argparse
import hashlib
import logging
import sys
from pathlib import Path

log = logging.getLogger("verify")
CHUNK = 1024 * 1024


def sha256_of(path):
    """Stream a file through SHA-256 and return the hex digest."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(CHUNK), b""):
            digest.update(block)
    return digest.hexdigest()


def parse_sums(sums_file):
    expected = {}
    for lineno, line in enumerate(sums_file.read_text(encoding="utf-8").splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            digest, name = line.split(None, 1)
        except ValueError:
            log.warning("line %d malformed, ignored", lineno)
            continue
        expected[name.lstrip("*")] = digest.lower()
    return expected


class Verifier:
    def __init__(self, base_dir, expected):
        self.base_dir = base_dir
        self.expected = expected
        self.results = {"ok": [], "mismatch": [], "missing": []}

    def run(self, only=None):
        for name, digest in sorted(self.expected.items()):
            if only and name not in only:
                continue
            path = self.base_dir / name
            if not path.is_file():
                self.results["missing"].append(name)
                log.warning("MISSING  %s", name)
                continue
            actual = sha256_of(path)
            bucket = "ok" if actual == digest else "mismatch"
            self.results[bucket].append(name)
            log.info("%-8s %s", bucket.upper(), name)
        return not self.results["mismatch"] and not self.results["missing"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sums", type=Path, help="path to SHA256SUMS")
    parser.add_argument("files", nargs="*", help="limit to these names")
    parser.add_argument("-q", "--quiet", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(message)s")

    try:
        expected = parse_sums(args.sums)
    except OSError as exc:
        log.error("cannot read %s: %s", args.sums, exc)
        return 2
    if not expected:
        log.error("no checksums found")
        return 2

    verifier = Verifier(args.sums.parent, expected)
    ok = verifier.run(set(args.files) or None)
    summary = {k: len(v) for k, v in verifier.results.items()}
    print(f"ok={summary['ok']} mismatch={summary['mismatch']} missing={summary['missing']}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
