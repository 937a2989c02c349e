#!/usr/bin/env python3
"""Spool job worker: picks up job files that the local scheduler drops into
./spool/incoming, runs the matching handler and records the outcome."""

import argparse
import logging
import os
import pickle
import shutil
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("spoolworker")


@dataclass
class Job:
    job_id: str
    kind: str
    params: dict = field(default_factory=dict)
    attempts: int = 0


class Spool:
    def __init__(self, root: Path):
        self.incoming = root / "incoming"
        self.done = root / "done"
        self.failed = root / "failed"
        for d in (self.incoming, self.done, self.failed):
            d.mkdir(parents=True, exist_ok=True)

    def pending(self):
        return sorted(self.incoming.glob("*.job"), key=os.path.getmtime)

    def load(self, path: Path) -> Job:
        with path.open("rb") as fh:
            return pickle.load(fh)

    def finish(self, path: Path, ok: bool):
        target = self.done if ok else self.failed
        shutil.move(str(path), target / path.name)


def h_thumbnail(params):
    src = Path(params["src"])
    return {"thumb": str(src.with_suffix(".thumb" + src.suffix))}


def h_wordcount(params):
    text = Path(params["path"]).read_text(errors="replace")
    return {"words": len(text.split()), "lines": text.count("\n")}


def h_checksum(params):
    import hashlib
    digest = hashlib.sha256(Path(params["path"]).read_bytes()).hexdigest()
    return {"sha256": digest}


HANDLERS = {
    "thumbnail": h_thumbnail,
    "wordcount": h_wordcount,
    "checksum": h_checksum,
}


class Worker:
    def __init__(self, spool: Spool, poll: float):
        self.spool = spool
        self.poll = poll
        self.running = True
        signal.signal(signal.SIGTERM, self._stop)

    def _stop(self, *_):
        self.running = False

    def process(self, path: Path):
        job = self.spool.load(path)
        handler = HANDLERS.get(job.kind)
        if handler is None:
            log.error("job %s: unknown kind %r", job.job_id, job.kind)
            return False
        result = handler(job.params)
        log.info("job %s (%s) -> %s", job.job_id, job.kind, result)
        return True

    def loop(self, once=False):
        while self.running:
            for path in self.spool.pending():
                try:
                    ok = self.process(path)
                except Exception as exc:
                    log.exception("job file %s failed: %s", path.name, exc)
                    ok = False
                self.spool.finish(path, ok)
            if once:
                break
            time.sleep(self.poll)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--spool", default="./spool")
    ap.add_argument("--poll", type=float, default=2.0)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    Worker(Spool(Path(args.spool)), args.poll).loop(once=args.once)


if __name__ == "__main__":
    main()
