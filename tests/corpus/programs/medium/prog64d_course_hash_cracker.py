#!/usr/bin/env python3
"""Dictionary cracker for the password-storage module of the security course.

Takes a file of unsalted hex digests (the week-4 "leaked" table) and a
wordlist, applies a few common mangling rules and reports which digests fall.
Digest tables are expensive to rebuild for rockyou-sized lists, so they are
cached per (wordlist, algorithm, rules) in ./.crack_cache/.

    course_hash_cracker.py hashes.txt -w rockyou.txt -a md5 --rules basic
"""
import argparse
import hashlib
import itertools
import logging
import os
import pickle
import sys
import time
from multiprocessing import Pool
from pathlib import Path

LOG = logging.getLogger("cracker")
CACHE_DIR = Path(".crack_cache")
ALGOS = {"md5": 32, "sha1": 40, "sha256": 64}

RULESETS = {
    "none": [lambda w: w],
    "basic": [
        lambda w: w,
        str.capitalize,
        str.upper,
        lambda w: w + "1",
        lambda w: w + "123",
        lambda w: w + "!",
        lambda w: w[::-1],
    ],
    "leet": [
        lambda w: w,
        lambda w: w.translate(str.maketrans("aeios", "43105")),
        lambda w: w.capitalize().translate(str.maketrans("aeios", "43105")) + "!",
    ],
}


def read_targets(path: Path, algo: str):
    want = ALGOS[algo]
    targets = {}
    for lineno, line in enumerate(path.read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        user, _, digest = line.rpartition(":")
        digest = digest.lower()
        if len(digest) != want:
            LOG.warning("line %d: not a %s digest, skipped", lineno, algo)
            continue
        targets.setdefault(digest, []).append(user or f"line{lineno}")
    return targets


def _digest_chunk(args):
    algo, rules, words = args
    out = {}
    for word in words:
        for rule in RULESETS[rules]:
            cand = rule(word)
            out[hashlib.new(algo, cand.encode("utf-8", "ignore")).hexdigest()] = cand
    return out


def chunks(iterable, size):
    it = iter(iterable)
    while True:
        block = list(itertools.islice(it, size))
        if not block:
            return
        yield block


class DigestTable:
    def __init__(self, wordlist: Path, algo: str, rules: str, workers: int):
        self.wordlist, self.algo, self.rules, self.workers = wordlist, algo, rules, workers
        st = wordlist.stat()
        key = f"{wordlist.resolve()}|{st.st_size}|{st.st_mtime}|{algo}|{rules}"
        self.cache_file = CACHE_DIR / (hashlib.md5(key.encode()).hexdigest() + ".tbl")

    def _words(self):
        with self.wordlist.open("r", encoding="latin-1") as fh:
            for line in fh:
                word = line.rstrip("\r\n")
                if word:
                    yield word

    def build(self):
        table = {}
        started = time.monotonic()
        jobs = ((self.algo, self.rules, block) for block in chunks(self._words(), 20000))
        with Pool(self.workers) as pool:
            for part in pool.imap_unordered(_digest_chunk, jobs):
                table.update(part)
        LOG.info("built %d digests in %.1fs", len(table), time.monotonic() - started)
        return table

    def load(self):
        if self.cache_file.exists():
            with self.cache_file.open("rb") as fh:
                table = pickle.Unpickler(fh).load()
            LOG.info("loaded %d digests from %s", len(table), self.cache_file)
            return table
        table = self.build()
        CACHE_DIR.mkdir(exist_ok=True)
        with self.cache_file.open("wb") as fh:
            pickle.dump(table, fh, protocol=pickle.HIGHEST_PROTOCOL)
        return table


def main(argv=None):
    ap = argparse.ArgumentParser(description="course dictionary cracker")
    ap.add_argument("hashes", type=Path, help="file of [user:]digest lines")
    ap.add_argument("-w", "--wordlist", type=Path, required=True)
    ap.add_argument("-a", "--algo", choices=sorted(ALGOS), default="md5")
    ap.add_argument("-r", "--rules", choices=sorted(RULESETS), default="basic")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("-o", "--output", type=Path, default=Path("cracked.txt"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    for p in (args.hashes, args.wordlist):
        if not p.is_file():
            LOG.error("missing file %s", p)
            return 1

    targets = read_targets(args.hashes, args.algo)
    table = DigestTable(args.wordlist, args.algo, args.rules, args.jobs).load()

    cracked = 0
    with args.output.open("w") as out:
        for digest, users in sorted(targets.items()):
            plain = table.get(digest)
            if plain is None:
                continue
            cracked += 1
            for user in users:
                out.write(f"{user}:{digest}:{plain}\n")
    LOG.info("%d/%d digests cracked -> %s", cracked, len(targets), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
