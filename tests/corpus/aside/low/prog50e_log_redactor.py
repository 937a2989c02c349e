#!/usr/bin/env python3
"""Redact application logs before they are shared with a vendor.

Walks ./logs (or --src), replaces e-mail addresses, IPv4 addresses, bearer
tokens and AWS-style key ids with placeholders, and writes scrubbed copies to
./redacted. A small cache keyed by MD5 of the file contents skips files that
were already processed.
"""
import argparse
import hashlib
import json
import logging
import re
from pathlib import Path

logger = logging.getLogger("scrub")

PATTERNS = [
    ("email", re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+")),
    ("ipv4", re.compile(r"\b(?:\d{1,3}\.){3}\d{1,3}\b")),
    ("bearer", re.compile(r"(?i)bearer\s+[a-z0-9._~+/-]+=*")),
    ("akid", re.compile(r"\bAKIA[0-9A-Z]{16}\b")),
    ("password_kv", re.compile(r"(?i)(password|passwd|secret)=\S+")),
]

CACHE_NAME = ".redact-cache.json"


class Redactor:
    def __init__(self, patterns):
        self.patterns = patterns
        self.hits = {name: 0 for name, _ in patterns}

    def scrub_line(self, line):
        for name, rx in self.patterns:
            line, n = rx.subn(f"<{name.upper()}>", line)
            self.hits[name] += n
        return line


def load_cache(dest):
    cache_file = dest / CACHE_NAME
    if cache_file.exists():
        try:
            return json.loads(cache_file.read_text())
        except json.JSONDecodeError:
            logger.warning("cache corrupt, starting fresh")
    return {}


def save_cache(dest, cache):
    (dest / CACHE_NAME).write_text(json.dumps(cache, indent=1))


def content_key(path):
    digest = hashlib.md5()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            digest.update(chunk)
    return digest.hexdigest()


def process(src, dest, redactor, force=False):
    dest.mkdir(parents=True, exist_ok=True)
    cache = {} if force else load_cache(dest)
    done = 0
    for path in sorted(src.rglob("*.log")):
        key = content_key(path)
        rel = str(path.relative_to(src))
        if cache.get(rel) == key:
            logger.debug("unchanged: %s", rel)
            continue
        out = dest / rel
        out.parent.mkdir(parents=True, exist_ok=True)
        with path.open(errors="replace") as fin, out.open("w") as fout:
            for line in fin:
                fout.write(redactor.scrub_line(line))
        cache[rel] = key
        done += 1
    save_cache(dest, cache)
    return done


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--src", default="logs")
    ap.add_argument("--dest", default="redacted")
    ap.add_argument("--force", action="store_true", help="ignore the cache")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    src, dest = Path(args.src), Path(args.dest)
    if not src.is_dir():
        ap.error(f"{src} is not a directory")
    redactor = Redactor(PATTERNS)
    count = process(src, dest, redactor, args.force)
    logger.info("scrubbed %d file(s); replacements: %s", count, redactor.hits)


if __name__ == "__main__":
    main()
