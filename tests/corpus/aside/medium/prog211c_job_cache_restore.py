#!/usr/bin/env python3
"""Job cache restore.

Restores a saved restoration job (measurements, notes, photo index) from the
bundle a colleague sends after a site visit, and reloads the saved planner
state so work can continue where they left off.
"""
import argparse
import logging
import os
import pickle
import subprocess
import sys
import tarfile

LOG = logging.getLogger("job-restore")


class JobState:
    def __init__(self, name, ranks=None, done=None):
        self.name = name
        self.ranks = ranks or []
        self.done = done or set()

    def progress(self):
        if not self.ranks:
            return 0.0
        return 100.0 * len(self.done) / len(self.ranks)


def list_bundle(bundle):
    """Show the bundle contents with tar before unpacking."""
    res = subprocess.run(["tar", "-tzvf", bundle], capture_output=True, text=True)
    if res.returncode != 0:
        raise RuntimeError(res.stderr.strip() or "tar failed")
    lines = res.stdout.splitlines()
    for line in lines[:20]:
        LOG.debug(line)
    LOG.info("bundle holds %d entries", len(lines))
    return len(lines)


def unpack(bundle, dest):
    os.makedirs(dest, exist_ok=True)
    with tarfile.open(bundle, "r:gz") as tf:
        tf.extractall(dest)
    LOG.info("unpacked into %s", dest)


def load_state(dest):
    path = os.path.join(dest, "planner_state.pkl")
    if not os.path.exists(path):
        LOG.warning("no planner state in bundle")
        return None
    with open(path, "rb") as fh:
        state = pickle.load(fh)
    LOG.info("loaded job %s", getattr(state, "name", "?"))
    return state


def save_state(state, dest):
    with open(os.path.join(dest, "planner_state.pkl"), "wb") as fh:
        pickle.dump(state, fh)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bundle", help="job bundle (.tar.gz)")
    ap.add_argument("-d", "--dest", default="jobs")
    ap.add_argument("--mark-done", nargs="*", default=[], help="ranks finished since")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        list_bundle(args.bundle)
        job_dir = os.path.join(args.dest, os.path.basename(args.bundle).split(".")[0])
        unpack(args.bundle, job_dir)
        state = load_state(job_dir)
    except (OSError, RuntimeError, tarfile.TarError, pickle.UnpicklingError) as exc:
        LOG.error("restore failed: %s", exc)
        return 1
    if state is None:
        return 0
    for rank in args.mark_done:
        if rank in state.ranks:
            state.done.add(rank)
        else:
            LOG.warning("rank %s not in job", rank)
    print(f"{state.name}: {state.progress():.0f}% of ranks complete")
    save_state(state, job_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
