#!/usr/bin/python3
"""Rebuilds the realworld corpus (public code this project did not write) from
its manifest: OUT/{tune,aside}/<level>/<owner>__<repo>__<path with _>.

    bench/assess/fetch_realworld.py [--manifest bench/assess/realworld/MANIFEST.tsv]
                                    [--mirror DIR] OUT

An unlabelled list (no split and label columns: FALSE_ALARM_SAMPLE.tsv, the
false-alarm pass over ordinary code) is written as OUT/<file>.

Each manifest row names a repository, a commit and a path; the file is taken
from that commit with `git show`, so the bytes are the ones that were
labelled. With --mirror, DIR holds git snapshots as <owner>+<name>/repo (the
layout of /work/.mirror); otherwise each repository is cloned from GitHub
(blobs on demand) into OUT/.repos. The files are data: they are read by the
assessor, never executed. Never copy them into the product or tests/corpus.
"""
import argparse
import csv
import os
import subprocess
import sys


def git_dir(repo, mirror, cache):
    if mirror:
        base = os.path.join(mirror, repo.replace("/", "+"), "repo")
        return os.path.join(base, ".git") if os.path.isdir(os.path.join(base, ".git")) else base
    path = os.path.join(cache, repo.replace("/", "+"))
    if not os.path.isdir(path):
        subprocess.run(["git", "clone", "--quiet", "--bare", "--filter=blob:none",
                        f"https://github.com/{repo}.git", path], check=True)
    return path


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("--manifest", default=os.path.join(here, "realworld", "MANIFEST.tsv"))
    ap.add_argument("--mirror", help="directory of git snapshots <owner>+<name>/repo")
    ap.add_argument("out")
    a = ap.parse_args()
    cache = os.path.join(a.out, ".repos")
    os.makedirs(cache, exist_ok=True)
    failed = 0
    with open(a.manifest, newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    for row in rows:
        labelled = row.get("split") and row.get("label")
        dest = os.path.join(a.out, *((row["split"], row["label"].lower()) if labelled else ()), row["file"])
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        try:
            gd = git_dir(row["repo"], a.mirror, cache)
            blob = subprocess.run(["git", "-C", gd, "show", f"{row['commit']}:{row['path']}"],
                                  check=True, capture_output=True).stdout
        except (subprocess.CalledProcessError, OSError) as e:
            print(f"fetch_realworld: {row['repo']} {row['path']}: {e}", file=sys.stderr)
            failed += 1
            continue
        with open(dest, "wb") as out:
            out.write(blob)
    print(f"{len(rows) - failed} of {len(rows)} files under {a.out}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
