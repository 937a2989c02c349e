"""Builds each target with make, in order."""
import os
import sys

TARGETS = ["clean", "all", "check"]


def build(target, jobs=2):
    status = os.spawnlp(os.P_WAIT, "make", "make", f"-j{jobs}", target)
    if status != 0:
        print(f"make {target} failed: {status}", file=sys.stderr)
    return status


def main(argv):
    targets = argv[1:] or TARGETS
    for t in targets:
        if build(t):
            return 1
    if "--docs" in argv:
        os.execvp("sphinx-build", ["sphinx-build", "docs", "docs/_build"])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
