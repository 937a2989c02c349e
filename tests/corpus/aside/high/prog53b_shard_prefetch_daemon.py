"""Local prefetch daemon that stages parquet shards for DataLoader workers.

Started by the node's init scripts as root so it can open the shared
shard cache; it then switches to the ``mlworker`` account through libc
before serving shard paths on a localhost socket.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import queue
import shutil
import socketserver
import threading
from pathlib import Path

log = logging.getLogger("prefetch")
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def switch_identity(user: str) -> None:
    pw = pwd.getpwnam(user)
    groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
    os.setgroups(groups)
    for fn, arg in ((_libc.setgid, pw.pw_gid), (_libc.setuid, pw.pw_uid)):
        if fn(ctypes.c_uint(arg)) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{fn.__name__}({arg}): {os.strerror(err)}")
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


class ShardStager(threading.Thread):
    def __init__(self, source: Path, cache: Path, jobs: "queue.Queue[str]"):
        super().__init__(daemon=True)
        self.source, self.cache, self.jobs = source, cache, jobs
        self.ready = {}

    def run(self):
        while True:
            name = self.jobs.get()
            src = self.source / name
            dst = self.cache / name
            try:
                if not dst.exists():
                    shutil.copy2(src, dst)
                self.ready[name] = str(dst)
                log.info("staged %s", name)
            except OSError as exc:
                log.error("cannot stage %s: %s", name, exc)
            finally:
                self.jobs.task_done()


def make_handler(stager: ShardStager, jobs):
    class Handler(socketserver.StreamRequestHandler):
        def handle(self):
            for raw in self.rfile:
                name = Path(raw.decode().strip()).name
                if not name.endswith(".parquet"):
                    self.wfile.write(b"ERR not a parquet shard\n")
                    continue
                if name in stager.ready:
                    self.wfile.write(f"OK {stager.ready[name]}\n".encode())
                else:
                    jobs.put(name)
                    self.wfile.write(b"QUEUED\n")
    return Handler


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", default="/srv/shards")
    ap.add_argument("--cache", default="/var/cache/shards")
    ap.add_argument("--user", default="mlworker")
    ap.add_argument("--port", type=int, default=7341)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cache = Path(args.cache)
    cache.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        pw = pwd.getpwnam(args.user)
        os.chown(cache, pw.pw_uid, pw.pw_gid)
        switch_identity(args.user)

    jobs = queue.Queue()
    stager = ShardStager(Path(args.source), cache, jobs)
    stager.start()
    with socketserver.ThreadingTCPServer(("127.0.0.1", args.port),
                                         make_handler(stager, jobs)) as srv:
        log.info("serving on 127.0.0.1:%d", args.port)
        srv.serve_forever()


if __name__ == "__main__":
    main()
