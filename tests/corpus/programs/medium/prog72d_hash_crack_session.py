#!/usr/bin/env python3
"""Resumable dictionary attack for CTF hash dumps (md5/sha1/sha256/sha512).

For the small dumps you get in CTF web challenges, spinning up hashcat is
overkill. This reads target hashes, streams candidates from a wordlist with
a handful of mangling rules, and records every hit in a local SQLite session
database so repeated runs skip what is already cracked.

    hash_crack_session.py hashes.txt -w rockyou.txt --rules basic
    hash_crack_session.py --show
"""
import argparse
import hashlib
import logging
import sqlite3
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import islice

log = logging.getLogger("crack")

ALGOS = {32: "md5", 40: "sha1", 64: "sha256", 128: "sha512"}
SESSION_DB = "./crack_session.db"


def mangle(word, ruleset):
    yield word
    if ruleset == "none":
        return
    yield word.capitalize()
    yield word.upper()
    yield word[::-1]
    for suffix in ("1", "123", "!", "2024", "2025"):
        yield word + suffix
    if ruleset == "full":
        leet = word.translate(str.maketrans("aeios", "43105"))
        if leet != word:
            yield leet
            yield leet.capitalize()


def candidates(wordlist, ruleset):
    with open(wordlist, "r", encoding="latin-1", errors="ignore") as fh:
        for line in fh:
            word = line.rstrip("\r\n")
            if word:
                yield from mangle(word, ruleset)


def crack_chunk(args):
    chunk, targets = args
    hits = []
    for plain in chunk:
        data = plain.encode("latin-1", "ignore")
        for algo, wanted in targets.items():
            digest = hashlib.new(algo, data).hexdigest()
            if digest in wanted:
                hits.append((digest, algo, plain))
    return hits


class Session:
    def __init__(self, path=SESSION_DB):
        self.db = sqlite3.connect(path)
        self.db.execute("CREATE TABLE IF NOT EXISTS cracked "
                        "(hash TEXT PRIMARY KEY, algo TEXT, plain TEXT, ts REAL)")

    def known(self):
        return {row[0] for row in self.db.execute("SELECT hash FROM cracked")}

    def record(self, digest, algo, plain):
        stmt = (f"INSERT OR IGNORE INTO cracked (hash, algo, plain, ts) "
                f"VALUES ('{digest}', '{algo}', '{plain}', {time.time()})")
        self.db.execute(stmt)
        self.db.commit()

    def dump(self):
        return self.db.execute("SELECT algo, hash, plain FROM cracked ORDER BY ts").fetchall()


def load_targets(path, skip):
    targets = {}
    with open(path) as fh:
        for line in fh:
            h = line.strip().split(":")[-1].lower()
            algo = ALGOS.get(len(h))
            if algo and h not in skip:
                targets.setdefault(algo, set()).add(h)
    return targets


def batched(it, n):
    it = iter(it)
    while chunk := list(islice(it, n)):
        yield chunk


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("hashes", nargs="?")
    ap.add_argument("-w", "--wordlist")
    ap.add_argument("--rules", choices=("none", "basic", "full"), default="basic")
    ap.add_argument("-j", "--jobs", type=int, default=4)
    ap.add_argument("--show", action="store_true", help="print cracked hashes and exit")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    session = Session()
    if args.show:
        for algo, h, plain in session.dump():
            print(f"{algo}\t{h}\t{plain}")
        return 0
    if not (args.hashes and args.wordlist):
        ap.error("hashes and --wordlist are required")

    targets = load_targets(args.hashes, session.known())
    remaining = sum(len(v) for v in targets.values())
    if not remaining:
        log.info("nothing left to crack")
        return 0
    log.info("%d uncracked hashes (%s)", remaining, ", ".join(targets))

    tried = found = 0
    start = time.time()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        work = ((chunk, targets) for chunk in batched(candidates(args.wordlist, args.rules), 20000))
        for hits in pool.map(crack_chunk, work):
            tried += 20000
            for digest, algo, plain in hits:
                found += 1
                session.record(digest, algo, plain)
                log.info("[%s] %s : %s", algo, digest, plain)
            if found >= remaining:
                break
    rate = tried / max(time.time() - start, 1e-6)
    log.info("%d/%d cracked, ~%.0f candidates/s", found, remaining, rate)
    return 0 if found else 1


if __name__ == "__main__":
    sys.exit(main())
