#!/usr/bin/env python3
"""Rebuild-on-save watcher using raw inotify through ctypes.

Watches a source tree and runs the configured build command (through the
shell, so pipes and && work) whenever a matching file changes.
"""
import argparse
import configparser
import ctypes
import ctypes.util
import fnmatch
import logging
import os
import select
import struct
import subprocess
import time

logger = logging.getLogger("rebuild")

IN_MODIFY = 0x00000002
IN_CLOSE_WRITE = 0x00000008
IN_MOVED_TO = 0x00000080
IN_CREATE = 0x00000100
IN_DELETE = 0x00000200
IN_ISDIR = 0x40000000
IN_NONBLOCK = 0o4000
IN_CLOEXEC = 0o2000000
EVENT_HDR = struct.Struct("iIII")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


class Inotify:
    MASK = IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MODIFY

    def __init__(self):
        self.fd = _libc.inotify_init1(IN_NONBLOCK | IN_CLOEXEC)
        if self.fd < 0:
            raise OSError(ctypes.get_errno(), "inotify_init1 failed")
        self.wd_to_path = {}

    def add_tree(self, root, skip_dirs):
        for dirpath, dirnames, _ in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in skip_dirs]
            wd = _libc.inotify_add_watch(self.fd, dirpath.encode(), self.MASK)
            if wd < 0:
                logger.warning("cannot watch %s", dirpath)
                continue
            self.wd_to_path[wd] = dirpath

    def read_events(self, timeout):
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return []
        buf = os.read(self.fd, 64 * 1024)
        events, offset = [], 0
        while offset < len(buf):
            wd, mask, _cookie, length = EVENT_HDR.unpack_from(buf, offset)
            offset += EVENT_HDR.size
            name = buf[offset:offset + length].rstrip(b"\0").decode(errors="replace")
            offset += length
            events.append((self.wd_to_path.get(wd, "?"), name, mask))
        return events

    def close(self):
        os.close(self.fd)


def load_config(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"watch": {
        "root": ".",
        "patterns": "*.c *.h *.py Makefile",
        "skip": ".git build __pycache__",
        "command": "make -j4 && make test",
        "debounce": "0.5",
    }})
    cp.read(path)
    w = cp["watch"]
    return {
        "root": w["root"],
        "patterns": w["patterns"].split(),
        "skip": set(w["skip"].split()),
        "command": w["command"],
        "debounce": w.getfloat("debounce"),
    }


def matches(name, patterns):
    return any(fnmatch.fnmatch(name, p) for p in patterns)


def run_build(command):
    started = time.monotonic()
    logger.info("$ %s", command)
    result = subprocess.run(command, shell=True)
    logger.info("build finished rc=%d in %.1fs", result.returncode,
                time.monotonic() - started)
    return result.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="rebuild.ini")
    ap.add_argument("--command", help="override the build command")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = load_config(args.config)
    if args.command:
        cfg["command"] = args.command

    notifier = Inotify()
    notifier.add_tree(cfg["root"], cfg["skip"])
    logger.info("watching %d directories under %s", len(notifier.wd_to_path), cfg["root"])
    dirty_since = None
    try:
        while True:
            for directory, name, mask in notifier.read_events(cfg["debounce"]):
                if mask & IN_ISDIR and mask & IN_CREATE:
                    notifier.add_tree(os.path.join(directory, name), cfg["skip"])
                elif matches(name, cfg["patterns"]):
                    logger.debug("change: %s/%s", directory, name)
                    dirty_since = dirty_since or time.monotonic()
            if dirty_since and time.monotonic() - dirty_since >= cfg["debounce"]:
                dirty_since = None
                run_build(cfg["command"])
    except KeyboardInterrupt:
        pass
    finally:
        notifier.close()


if __name__ == "__main__":
    main()
