#!/usr/bin/env python3
"""Show the hints for today's CTF warm-up puzzle.

Hints are published as layered encodings so they cannot be read at a
glance; each layer name is listed in the hint header, e.g.
'hex|rot13|b32'.  We peel the layers and print the plain text.
"""
import argparse
import base64
import binascii
import codecs
import logging
import sys
import textwrap
import urllib.request

_log = logging.getLogger("hints")
DEFAULT_FEED = "https://ctf.example.org/warmup/{day}/hints.txt"

# layer name -> decoder (bytes -> bytes)
_L = {
    "hex": binascii.unhexlify,
    "b32": base64.b32decode,
    "b85": base64.b85decode,
    "b64": lambda b: base64.b64decode(b, validate=True),
    "rot13": lambda b: codecs.decode(b.decode("ascii"), "rot_13").encode("ascii"),
    "rev": lambda b: b[::-1],
}


def _peel(_0, _1):
    """Apply layers _1 (outermost first) to payload _0."""
    for _2 in _1:
        _f = _L.get(_2)
        if _f is None:
            raise KeyError(f"unknown layer {_2!r}")
        _0 = _f(_0.strip())
        _log.debug("after %-5s -> %r", _2, _0[:40])
    return _0


def download(url, timeout):
    with urllib.request.urlopen(url, timeout=timeout) as r:
        return r.read().decode("ascii", "replace")


def parse(blob):
    """Each hint: 'layers: a|b|c' line followed by the encoded payload line."""
    lines = [ln for ln in blob.splitlines() if ln.strip()]
    for head, body in zip(lines[0::2], lines[1::2]):
        if not head.lower().startswith("layers:"):
            _log.warning("skipping malformed hint header %r", head)
            continue
        yield head.split(":", 1)[1].strip().split("|"), body.encode("ascii")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--day", default="01")
    ap.add_argument("--url")
    ap.add_argument("--file", help="read hints from a local file instead")
    ap.add_argument("--timeout", type=float, default=8)
    ap.add_argument("-v", action="store_true")
    a = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if a.v else logging.WARNING)

    try:
        if a.file:
            with open(a.file, encoding="ascii") as fh:
                blob = fh.read()
        else:
            blob = download(a.url or DEFAULT_FEED.format(day=a.day), a.timeout)
    except OSError as exc:
        print(f"cannot load hints: {exc}", file=sys.stderr)
        return 2

    for n, (layers, payload) in enumerate(parse(blob), 1):
        try:
            text = _peel(payload, layers).decode("utf-8")
        except (KeyError, ValueError, binascii.Error) as exc:
            text = f"<undecodable: {exc}>"
        print(f"Hint {n}:")
        print(textwrap.indent(textwrap.fill(text, 72), "  "))
    return 0


if __name__ == "__main__":
    sys.exit(main())
