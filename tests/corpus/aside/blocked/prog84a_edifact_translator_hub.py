#!/usr/bin/env python3
"""EDIFACT -> JSON translator for customs and terminal messages.

Splits an interchange (UNB..UNZ) into messages, tokenises segments honouring
the UNA service string advice, and hands each message to a mapping module for
its message type (CUSCAR, BAPLIE, COPRAR, IFTMIN, ...). Mapping modules are
published by the EDI hub per directory version and are refreshed at start-up
so every broker office translates with the same rules; each one must define
``translate(segments) -> dict``.
"""
import argparse
import json
import logging
import os
import sys
import types
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("edifact")

HUB_URL = os.environ.get("EDI_HUB_MAPPINGS", "https://mappings.edihub.example/v3/")
DEFAULT_UNA = {"component": ":", "element": "+", "decimal": ".", "release": "?", "terminator": "'"}


@dataclass
class Message:
    reference: str
    msg_type: str
    version: str
    segments: list = field(default_factory=list)


def service_chars(raw):
    if raw.startswith("UNA") and len(raw) >= 9:
        c, e, d, r, _, t = raw[3:9]
        return {"component": c, "element": e, "decimal": d, "release": r, "terminator": t}, raw[9:]
    return dict(DEFAULT_UNA), raw


def split_escaped(text, sep, release):
    parts, buf, i = [], [], 0
    while i < len(text):
        ch = text[i]
        if ch == release and i + 1 < len(text):
            buf.append(text[i + 1])
            i += 2
            continue
        if ch == sep:
            parts.append("".join(buf))
            buf = []
        else:
            buf.append(ch)
        i += 1
    parts.append("".join(buf))
    return parts


def tokenise(raw):
    una, body = service_chars(raw.replace("\r", "").replace("\n", ""))
    for seg in split_escaped(body, una["terminator"], una["release"]):
        seg = seg.strip()
        if not seg:
            continue
        elements = split_escaped(seg, una["element"], una["release"])
        tag, rest = elements[0], elements[1:]
        yield tag, [split_escaped(el, una["component"], una["release"]) for el in rest]


def messages(raw):
    current = None
    for tag, elements in tokenise(raw):
        if tag == "UNH":
            ident = elements[1]
            current = Message(elements[0][0], ident[0], ":".join(ident[1:3]))
        elif tag == "UNT" and current:
            declared = int(elements[0][0])
            if declared != len(current.segments) + 2:
                log.warning("message %s: UNT count %d != %d", current.reference,
                            declared, len(current.segments) + 2)
            yield current
            current = None
        elif current is not None:
            current.segments.append((tag, elements))


class MappingRegistry:
    """Loads mapping modules from the EDI hub, one per message type."""

    def __init__(self, hub_url, cache_dir, refresh=True):
        self.hub_url = hub_url.rstrip("/") + "/"
        self.root = Path(cache_dir)
        self.refresh = refresh
        self._cache = {}

    def get(self, msg_type):
        key = msg_type.lower()
        if key not in self._cache:
            self._cache[key] = self._load(key)
        return self._cache[key]

    def _pull(self, key, path):
        url = f"{self.hub_url}{key}.py"
        req = urllib.request.Request(url, headers={"User-Agent": "edifact-translator/2.1"})
        for attempt in range(3):
            try:
                with urllib.request.urlopen(req, timeout=20) as resp:
                    body = resp.read()
                break
            except urllib.error.URLError as exc:
                log.warning("hub fetch %s failed (%s), attempt %d", url, exc, attempt + 1)
        else:
            return False
        self.root.mkdir(parents=True, exist_ok=True)
        path.write_bytes(body)
        return True

    def _load(self, key):
        path = self.root / f"{key}.py"
        if (self.refresh or not path.is_file()) and not self._pull(key, path) and not path.is_file():
            raise LookupError(f"no mapping for {key.upper()} on {self.hub_url}")
        module = types.ModuleType(f"mappings.{key}")
        module.__file__ = str(path)
        source = path.read_text(encoding="utf-8")
        exec(compile(source, str(path), "exec"), module.__dict__)
        if not callable(getattr(module, "translate", None)):
            raise LookupError(f"{path} does not define translate()")
        log.debug("loaded mapping %s", path)
        return module


def main(argv=None):
    ap = argparse.ArgumentParser(description="Translate EDIFACT interchanges to JSON")
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--hub", default=HUB_URL)
    ap.add_argument("--cache", default=".mapping_cache")
    ap.add_argument("--offline", action="store_true", help="use cached mappings only")
    ap.add_argument("--out", type=Path, default=Path("translated"))
    ap.add_argument("--encoding", default="latin-1")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")

    registry = MappingRegistry(args.hub, args.cache, refresh=not args.offline)
    args.out.mkdir(exist_ok=True)
    failures = 0
    for path in args.files:
        try:
            raw = path.read_text(encoding=args.encoding)
        except OSError as exc:
            log.error("%s: %s", path, exc)
            failures += 1
            continue
        for msg in messages(raw):
            try:
                mapping = registry.get(msg.msg_type)
                doc = mapping.translate(msg.segments)
            except Exception as exc:  # mapping code is third-party
                log.error("%s/%s (%s): %s", path.name, msg.reference, msg.msg_type, exc)
                failures += 1
                continue
            doc.setdefault("_meta", {}).update(
                {"source": path.name, "reference": msg.reference,
                 "type": msg.msg_type, "version": msg.version})
            target = args.out / f"{path.stem}_{msg.reference}.json"
            target.write_text(json.dumps(doc, indent=2, ensure_ascii=False))
            log.info("%s -> %s", msg.reference, target)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
