#!/usr/bin/env python3
"""Change journal for the working directory.

Uses inotify (via ctypes) to watch the current project directory and
appends one JSON line per change to .changelog/events.jsonl, together with
an MD5 content fingerprint used as a cache key by the docs builder.
"""
import argparse
import ctypes
import hashlib
import json
import logging
import os
import select
import signal
import struct
import time
from ctypes.util import find_library

log = logging.getLogger("changelog")

FLAGS = {
    0x00000002: "modify",
    0x00000008: "close_write",
    0x00000040: "moved_from",
    0x00000080: "moved_to",
    0x00000100: "create",
    0x00000200: "delete",
}
WATCH_MASK = sum(FLAGS)
IN_NONBLOCK = os.O_NONBLOCK
HEADER = struct.Struct("iIII")

libc = ctypes.CDLL(find_library("c") or "libc.so.6", use_errno=True)
libc.inotify_add_watch.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_uint32]

stop_requested = False


def request_stop(signum, _frame):
    global stop_requested
    stop_requested = True


def fingerprint(path):
    digest = hashlib.md5()
    try:
        with open(path, "rb") as fh:
            for block in iter(lambda: fh.read(65536), b""):
                digest.update(block)
    except (IsADirectoryError, FileNotFoundError, PermissionError):
        return None
    return digest.hexdigest()


def decode_events(buf):
    pos = 0
    while pos < len(buf):
        wd, mask, cookie, length = HEADER.unpack_from(buf, pos)
        pos += HEADER.size
        name = buf[pos:pos + length].split(b"\0", 1)[0].decode(errors="replace")
        pos += length
        kinds = [label for bit, label in FLAGS.items() if mask & bit]
        yield wd, name, kinds, cookie


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--journal", default=os.path.join(".changelog", "events.jsonl"))
    ap.add_argument("--ignore", nargs="*", default=[".changelog", ".git"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    root = os.getcwd()
    os.makedirs(os.path.dirname(args.journal), exist_ok=True)

    fd = libc.inotify_init1(IN_NONBLOCK)
    if fd < 0:
        raise OSError(ctypes.get_errno(), "inotify_init1")
    wd = libc.inotify_add_watch(fd, root.encode(), WATCH_MASK)
    if wd < 0:
        raise OSError(ctypes.get_errno(), "inotify_add_watch %s" % root)

    signal.signal(signal.SIGINT, request_stop)
    signal.signal(signal.SIGTERM, request_stop)
    log.info("journaling changes in %s", root)

    poller = select.poll()
    poller.register(fd, select.POLLIN)
    written = 0
    with open(args.journal, "a", buffering=1) as journal:
        while not stop_requested:
            if not poller.poll(1000):
                continue
            try:
                buf = os.read(fd, 16384)
            except BlockingIOError:
                continue
            for _wd, name, kinds, cookie in decode_events(buf):
                if not name or name in args.ignore:
                    continue
                full = os.path.join(root, name)
                record = {
                    "ts": round(time.time(), 3),
                    "file": name,
                    "events": kinds,
                    "cookie": cookie or None,
                    "md5": fingerprint(full) if "close_write" in kinds else None,
                }
                journal.write(json.dumps(record) + "\n")
                written += 1
    os.close(fd)
    log.info("stopped after %d records", written)


if __name__ == "__main__":
    main()
