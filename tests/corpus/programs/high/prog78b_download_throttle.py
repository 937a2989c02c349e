#!/usr/bin/env python3
"""Queue-based download manager with system-level bandwidth shaping.

    download_throttle.py urls.txt --limit 2mbit --jobs 4 --iface wlan0

Reads one URL per line, downloads into ./downloads with a small worker pool,
and while the queue is running polices the interface's inbound rate so a big
batch does not starve video calls. The shaping is removed on exit.
"""
import argparse
import atexit
import hashlib
import logging
import os
import queue
import shlex
import shutil
import subprocess
import sys
import threading
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("dlthrottle")
CHUNK = 64 * 1024


def default_iface():
    with open("/proc/net/route") as fh:
        next(fh)
        for line in fh:
            parts = line.split()
            if parts[1] == "00000000":
                return parts[0]
    return "eth0"


class Shaper:
    """Applies and removes the tc/iptables rules in one elevated batch."""

    def __init__(self, iface, rate, max_conns):
        self.iface = iface
        self.rate = rate
        self.max_conns = max_conns
        self.uid = os.getuid()
        self.active = False

    def _elevated(self, commands):
        script = " && ".join(" ".join(shlex.quote(a) for a in c) for c in commands)
        runner = shutil.which("pkexec") and ["pkexec"] or ["sudo", "-n"]
        proc = subprocess.run(runner + ["/bin/sh", "-c", script],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or "elevation refused")

    def apply(self):
        tc, ipt = shutil.which("tc") or "/sbin/tc", shutil.which("iptables") or "/sbin/iptables"
        self._elevated([
            [tc, "qdisc", "replace", "dev", self.iface, "handle", "ffff:", "ingress"],
            [tc, "filter", "replace", "dev", self.iface, "parent", "ffff:",
             "protocol", "ip", "prio", "10", "u32", "match", "u32", "0", "0",
             "police", "rate", self.rate, "burst", "256k", "drop", "flowid", ":1"],
            [ipt, "-t", "filter", "-I", "OUTPUT", "-p", "tcp", "--syn",
             "-m", "owner", "--uid-owner", str(self.uid),
             "-m", "connlimit", "--connlimit-above", str(self.max_conns),
             "-j", "REJECT", "--reject-with", "tcp-reset"],
        ])
        self.active = True
        log.info("shaping %s to %s, max %d connections", self.iface, self.rate, self.max_conns)

    def remove(self):
        if not self.active:
            return
        tc, ipt = shutil.which("tc") or "/sbin/tc", shutil.which("iptables") or "/sbin/iptables"
        try:
            self._elevated([
                [tc, "qdisc", "del", "dev", self.iface, "handle", "ffff:", "ingress"],
                [ipt, "-t", "filter", "-D", "OUTPUT", "-p", "tcp", "--syn",
                 "-m", "owner", "--uid-owner", str(self.uid),
                 "-m", "connlimit", "--connlimit-above", str(self.max_conns),
                 "-j", "REJECT", "--reject-with", "tcp-reset"],
            ])
            log.info("shaping removed")
        except RuntimeError as exc:
            log.error("could not remove shaping: %s", exc)
        self.active = False


def target_name(url, out_dir):
    path = urllib.parse.urlsplit(url).path
    name = os.path.basename(path) or "index.html"
    key = hashlib.md5(url.encode()).hexdigest()[:8]
    return out_dir / ("%s-%s" % (key, name))


def fetch(url, dest):
    part = dest.with_suffix(dest.suffix + ".part")
    req = urllib.request.Request(url, headers={"User-Agent": "dlthrottle/0.9"})
    with urllib.request.urlopen(req, timeout=30) as resp, open(part, "wb") as fh:
        while True:
            block = resp.read(CHUNK)
            if not block:
                break
            fh.write(block)
    part.rename(dest)


def worker(q, out_dir, results):
    while True:
        url = q.get()
        if url is None:
            q.task_done()
            return
        dest = target_name(url, out_dir)
        try:
            if dest.exists():
                log.info("cached %s", dest.name)
            else:
                fetch(url, dest)
                log.info("done %s", dest.name)
            results.append((url, True))
        except OSError as exc:
            log.error("failed %s: %s", url, exc)
            results.append((url, False))
        finally:
            q.task_done()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("list", type=Path, help="file with one URL per line")
    ap.add_argument("--out", type=Path, default=Path("downloads"))
    ap.add_argument("--jobs", type=int, default=4)
    ap.add_argument("--limit", default="4mbit", help="tc rate, e.g. 2mbit; 'none' to skip")
    ap.add_argument("--iface", default=None)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(threadName)s %(message)s")

    urls = [u.strip() for u in args.list.read_text().splitlines()
            if u.strip() and not u.startswith("#")]
    args.out.mkdir(parents=True, exist_ok=True)

    if args.limit != "none":
        shaper = Shaper(args.iface or default_iface(), args.limit, args.jobs + 2)
        try:
            shaper.apply()
            atexit.register(shaper.remove)
        except RuntimeError as exc:
            log.warning("continuing without shaping: %s", exc)

    q, results = queue.Queue(), []
    threads = [threading.Thread(target=worker, args=(q, args.out, results),
                                name="dl-%d" % i, daemon=True) for i in range(args.jobs)]
    for t in threads:
        t.start()
    for u in urls:
        q.put(u)
    for _ in threads:
        q.put(None)
    q.join()

    failed = [u for u, ok in results if not ok]
    log.info("%d ok, %d failed", len(results) - len(failed), len(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
