#!/usr/bin/env python3
"""Thumbnail job runner with crash-resume.

Pending jobs sit in an asyncio.Queue. At interpreter exit an atexit hook
pickles whatever is still queued so the next start can resume it.
"""
import argparse
import asyncio
import atexit
import dataclasses
import logging
import os
import pickle
from pathlib import Path

log = logging.getLogger("thumbq")
CHECKPOINT = "/tmp/thumbq_pending.pkl"


@dataclasses.dataclass
class Job:
    src: str
    width: int
    attempts: int = 0


class Runner:
    def __init__(self, workers: int):
        self.queue: asyncio.Queue = asyncio.Queue()
        self.workers = workers
        self.done = 0
        atexit.register(self._checkpoint)

    def resume(self) -> int:
        if not os.path.exists(CHECKPOINT):
            return 0
        with open(CHECKPOINT, "rb") as fh:
            jobs = pickle.load(fh)
        for job in jobs:
            self.queue.put_nowait(job)
        os.unlink(CHECKPOINT)
        log.info("resumed %d jobs from %s", len(jobs), CHECKPOINT)
        return len(jobs)

    def _checkpoint(self) -> None:
        pending = []
        while not self.queue.empty():
            pending.append(self.queue.get_nowait())
        if not pending:
            return
        with open(CHECKPOINT, "wb") as fh:
            pickle.dump(pending, fh, protocol=pickle.HIGHEST_PROTOCOL)
        log.warning("checkpointed %d unfinished jobs", len(pending))

    async def _thumbnail(self, job: Job) -> None:
        from PIL import Image  # imported lazily; heavy
        out = Path("thumbs") / f"{Path(job.src).stem}_{job.width}.jpg"
        out.parent.mkdir(exist_ok=True)
        def work():
            with Image.open(job.src) as im:
                im.thumbnail((job.width, job.width))
                im.convert("RGB").save(out, "JPEG", quality=85)
        await asyncio.to_thread(work)

    async def worker(self, idx: int) -> None:
        while True:
            job = await self.queue.get()
            try:
                await self._thumbnail(job)
                self.done += 1
            except OSError as exc:
                job.attempts += 1
                log.warning("worker %d: %s failed (%s)", idx, job.src, exc)
                if job.attempts < 3:
                    self.queue.put_nowait(job)
            finally:
                self.queue.task_done()

    async def run(self, sources, width: int) -> None:
        for src in sources:
            self.queue.put_nowait(Job(src, width))
        tasks = [asyncio.create_task(self.worker(i)) for i in range(self.workers)]
        await self.queue.join()
        for t in tasks:
            t.cancel()
        log.info("finished %d thumbnails", self.done)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("images", nargs="*")
    ap.add_argument("--width", type=int, default=256)
    ap.add_argument("--workers", type=int, default=4)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    runner = Runner(args.workers)
    runner.resume()
    asyncio.run(runner.run(args.images, args.width))


if __name__ == "__main__":
    main()
