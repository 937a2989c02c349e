#!/usr/bin/env python3
"""Serial bridge between the job queue and the guillotine controller.

Started by the floor PC's init as root so it can open the controller's
serial line, then switches to the unprivileged bindery account and feeds
queued cut programs (./queue/*.cut) to the controller one at a time.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import sys
import time
from pathlib import Path

log = logging.getLogger("serial-bridge")

LINE = {"dir": ("", "dev"), "node": "tty" + "USB", "index": 0}
RUN_AS = {"user": "bindery", "group": "bindery"}
DEFAULTS = {"queue": "queue", "done": "queue/done", "poll": 3.0}


def line_path(spec=LINE, index=None):
    idx = spec["index"] if index is None else index
    return "/".join(spec["dir"] + (f"{spec['node']}{idx}",))


class Identity:
    """Switches process credentials through libc."""

    def __init__(self):
        self._libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _call(self, name, *args):
        fn = getattr(self._libc, name)
        if fn(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed: {os.strerror(err)}")

    def become(self, user, group):
        pw = pwd.getpwnam(user)
        gid = grp.getgrnam(group).gr_gid
        groups = (ctypes.c_uint * 1)(gid)
        self._call("set" + "groups", ctypes.c_size_t(1), groups)
        self._call("set" + "resgid", gid, gid, gid)
        self._call("set" + "resuid", pw.pw_uid, pw.pw_uid, pw.pw_uid)
        os.environ["HOME"] = pw.pw_dir
        log.info("now running as %s (%d:%d)", user, pw.pw_uid, gid)


class Controller:
    def __init__(self, path):
        self.path = path
        self.fd = None

    def open(self):
        self.fd = os.open(self.path, os.O_RDWR | os.O_NOCTTY)
        log.info("opened controller line %s", self.path)

    def send_program(self, text):
        for raw in text.splitlines():
            line = raw.strip()
            if not line or line.startswith(";"):
                continue
            os.write(self.fd, (line + "\r\n").encode("ascii"))
            time.sleep(0.05)

    def close(self):
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def drain_queue(ctl, queue, done):
    sent = 0
    for job in sorted(queue.glob("*.cut")):
        try:
            ctl.send_program(job.read_text(encoding="ascii"))
        except (OSError, UnicodeDecodeError) as exc:
            log.error("job %s failed: %s", job.name, exc)
            continue
        job.rename(done / job.name)
        log.info("sent %s", job.name)
        sent += 1
    return sent


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--line", type=int, default=LINE["index"])
    ap.add_argument("--queue", default=DEFAULTS["queue"])
    ap.add_argument("--once", action="store_true", help="drain queue and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    queue = Path(args.queue).resolve()
    done = queue / "done"
    done.mkdir(parents=True, exist_ok=True)

    ctl = Controller(line_path(index=args.line))
    try:
        ctl.open()
        if os.geteuid() == 0:
            Identity().become(RUN_AS["user"], RUN_AS["group"])
    except (OSError, KeyError) as exc:
        log.error("startup failed: %s", exc)
        ctl.close()
        return 1

    try:
        while True:
            n = drain_queue(ctl, queue, done)
            if args.once:
                log.info("%d jobs sent", n)
                break
            time.sleep(DEFAULTS["poll"])
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        ctl.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
