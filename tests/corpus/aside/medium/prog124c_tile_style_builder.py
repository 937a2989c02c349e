#!/usr/bin/env python3
"""Build geological map styles (JSON) into Mapnik XML for the tile renderer.

A style file lists layers (outcrop polygons, faults, contacts, sample points)
and the symbolizers used for each lithology class. The builder expands the
shorthand symbolizer entries into full Mapnik elements and writes one XML
stylesheet per style. Parsed styles are cached between runs so that large
lithology tables are not re-read on every build.
"""

import argparse
import json
import logging
import os
import pickle
import sys
from xml.etree import ElementTree as ET

LOG = logging.getLogger("styleb")

CACHE_FILE = ".style_cache.pkl"


def _line(spec, width=1.0, colour="#333333"):
    out = {"type": "LineSymbolizer", "stroke": colour, "stroke-width": width}
    out.update(spec)
    return out


def _poly(spec, colour="#cccccc"):
    out = {"type": "PolygonSymbolizer", "fill": colour}
    out.update(spec)
    return out


def _text(spec, face="DejaVu Sans Book", size=10):
    out = {"type": "TextSymbolizer", "face-name": face, "size": size}
    out.update(spec)
    return out


SYMBOLIZERS = {"line": _line, "polygon": _poly, "text": _text}


class StyleCache:
    """mtime-keyed cache of parsed style documents."""

    def __init__(self, path=CACHE_FILE):
        self.path = path
        self.entries = {}
        if os.path.exists(path):
            try:
                with open(path, "rb") as fh:
                    self.entries = pickle.load(fh)
            except (pickle.UnpicklingError, EOFError) as exc:
                LOG.warning("discarding cache: %s", exc)

    def get(self, src):
        mtime = os.path.getmtime(src)
        hit = self.entries.get(src)
        if hit and hit[0] == mtime:
            return hit[1]
        with open(src, encoding="utf-8") as fh:
            doc = json.load(fh)
        self.entries[src] = (mtime, doc)
        return doc

    def save(self):
        with open(self.path, "wb") as fh:
            pickle.dump(self.entries, fh, protocol=pickle.HIGHEST_PROTOCOL)


class StyleBuilder:
    def __init__(self, symbolizers, srs="+init=epsg:3857"):
        self.symbolizers = symbolizers
        self.srs = srs

    def _rule(self, parent, rule):
        el = ET.SubElement(parent, "Rule")
        if "filter" in rule:
            ET.SubElement(el, "Filter").text = rule["filter"]
        if "max_scale" in rule:
            ET.SubElement(el, "MaxScaleDenominator").text = str(rule["max_scale"])
        for sym in rule.get("symbolizers", []):
            sym = dict(sym)
            kind = sym.pop("kind")
            factory = self.symbolizers.get(kind)
            if factory is None:
                raise ValueError(f"unknown symbolizer kind {kind!r}")
            attrs = factory(sym)
            tag = attrs.pop("type")
            text = attrs.pop("label", None)
            sub = ET.SubElement(el, tag, {k: str(v) for k, v in attrs.items()})
            if text:
                sub.text = text

    def build(self, style):
        root = ET.Element("Map", srs=self.srs,
                          **{"background-color": style.get("background", "#ffffff")})
        for layer in style["layers"]:
            name = layer["name"]
            st = ET.SubElement(root, "Style", name=name)
            for rule in layer.get("rules", []):
                self._rule(st, rule)
            lyr = ET.SubElement(root, "Layer", name=name, srs=layer.get("srs", self.srs))
            ET.SubElement(lyr, "StyleName").text = name
            ds = ET.SubElement(lyr, "Datasource")
            for key, val in layer["datasource"].items():
                ET.SubElement(ds, "Parameter", name=key).text = str(val)
        return ET.ElementTree(root)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("styles", nargs="+", help="style JSON files")
    ap.add_argument("-o", "--out-dir", default="build/styles")
    ap.add_argument("--srs", default="+init=epsg:3857")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    os.makedirs(args.out_dir, exist_ok=True)
    cache = StyleCache()
    builder = StyleBuilder(SYMBOLIZERS, srs=args.srs)

    failed = 0
    for src in args.styles:
        try:
            tree = builder.build(cache.get(src))
            ET.indent(tree, space="  ")
            dest = os.path.join(args.out_dir,
                                os.path.splitext(os.path.basename(src))[0] + ".xml")
            tree.write(dest, encoding="utf-8", xml_declaration=True)
            LOG.info("wrote %s", dest)
        except (OSError, ValueError, KeyError) as exc:
            LOG.error("%s: %s", src, exc)
            failed += 1
    cache.save()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
