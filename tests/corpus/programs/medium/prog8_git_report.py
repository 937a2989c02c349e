"""Summarises recent commits of the current repository."""
import argparse
import collections
import subprocess


def git(*args):
    out = subprocess.run(["git", *args], capture_output=True, text=True, check=True)
    return out.stdout


def authors(since):
    counts = collections.Counter()
    for line in git("log", f"--since={since}", "--format=%an").splitlines():
        counts[line.strip()] += 1
    return counts


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--since", default="1 month ago")
    args = ap.parse_args()
    for name, n in authors(args.since).most_common():
        print(f"{n:5d} {name}")


main()
