#!/usr/bin/env python3
"""Move cryo-EM movies from the K3 camera buffer to cluster scratch.

EPU writes movie stacks (.tiff / .eer) plus gain references into the
session folder on the camera PC's buffer disk.  This mover watches the
session, copies each finished movie to the user's project on the cluster
over SFTP, verifies the size, and removes the local copy once the buffer
is above the high-water mark so the next session has room.
"""
import argparse
import logging
import os
import queue
import shutil
import sys
import threading
import time
from pathlib import Path

import paramiko

log = logging.getLogger("em-mover")

PATTERNS = ("*.tiff", "*.tif", "*.eer", "*.mrc", "*gain*.dm4")
SETTLE_SECONDS = 20


class ClusterLink:
    def __init__(self, host, user, key_file, port=22):
        self.host, self.user, self.port = host, user, port
        self.key_file = key_file
        self.client = None
        self.sftp = None

    def connect(self):
        client = paramiko.SSHClient()
        client.load_system_host_keys()
        client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        client.connect(self.host, port=self.port, username=self.user,
                       key_filename=self.key_file, timeout=30,
                       banner_timeout=60, allow_agent=True)
        client.get_transport().set_keepalive(30)
        self.client, self.sftp = client, client.open_sftp()
        log.info("connected to %s@%s", self.user, self.host)

    def ensure_dir(self, remote):
        parts = remote.strip("/").split("/")
        path = ""
        for p in parts:
            path += "/" + p
            try:
                self.sftp.stat(path)
            except FileNotFoundError:
                self.sftp.mkdir(path)

    def put(self, local, remote):
        tmp = remote + ".part"
        self.sftp.put(str(local), tmp, confirm=True)
        if self.sftp.stat(tmp).st_size != local.stat().st_size:
            raise IOError(f"size mismatch for {local.name}")
        self.sftp.posix_rename(tmp, remote)

    def close(self):
        if self.client:
            self.client.close()


def settled(path):
    try:
        return time.time() - path.stat().st_mtime > SETTLE_SECONDS
    except FileNotFoundError:
        return False


def scanner(session, q, seen, stop):
    while not stop.is_set():
        for pat in PATTERNS:
            for f in session.rglob(pat):
                if f not in seen and settled(f):
                    seen.add(f)
                    q.put(f)
        stop.wait(10)


def buffer_full(path, high_water):
    usage = shutil.disk_usage(path)
    return usage.used / usage.total > high_water


def worker(link, session, remote_root, q, high_water, stop):
    while not stop.is_set() or not q.empty():
        try:
            f = q.get(timeout=5)
        except queue.Empty:
            continue
        rel = f.relative_to(session)
        remote = f"{remote_root}/{session.name}/{rel.as_posix()}"
        for attempt in range(3):
            try:
                link.ensure_dir(remote.rsplit("/", 1)[0])
                link.put(f, remote)
                log.info("moved %s", rel)
                if buffer_full(session, high_water):
                    f.unlink()
                break
            except (IOError, paramiko.SSHException) as exc:
                log.warning("%s attempt %d: %s", rel, attempt + 1, exc)
                time.sleep(5 * (attempt + 1))
                try:
                    link.close()
                    link.connect()
                except (OSError, paramiko.SSHException):
                    pass
        q.task_done()


def main(argv=None):
    ap = argparse.ArgumentParser(description="cryo-EM movie mover")
    ap.add_argument("session", type=Path, help="EPU session folder")
    ap.add_argument("--host", default=os.environ.get("EM_CLUSTER_HOST", "dtn.hpc.example.edu"))
    ap.add_argument("--user", default=os.environ.get("EM_CLUSTER_USER", os.environ.get("USER")))
    ap.add_argument("--key", default=os.path.expanduser("~/.ssh/id_ed25519"))
    ap.add_argument("--remote-root", required=True, help="e.g. /scratch/smithlab/krios")
    ap.add_argument("--high-water", type=float, default=0.8)
    ap.add_argument("--hours", type=float, default=0, help="stop after N hours (0 = until Ctrl-C)")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(threadName)s %(message)s")

    if not args.session.is_dir():
        log.error("no such session %s", args.session)
        return 2
    link = ClusterLink(args.host, args.user, args.key)
    try:
        link.connect()
    except (OSError, paramiko.SSHException) as exc:
        log.error("cannot reach cluster: %s", exc)
        return 1

    q, seen, stop = queue.Queue(), set(), threading.Event()
    threading.Thread(target=scanner, args=(args.session, q, seen, stop),
                     name="scan", daemon=True).start()
    mover = threading.Thread(target=worker, name="move",
                             args=(link, args.session, args.remote_root, q, args.high_water, stop))
    mover.start()
    deadline = time.time() + args.hours * 3600 if args.hours else None
    try:
        while mover.is_alive() and (deadline is None or time.time() < deadline):
            time.sleep(5)
    except KeyboardInterrupt:
        log.info("stopping after queued files")
    stop.set()
    mover.join()
    link.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
