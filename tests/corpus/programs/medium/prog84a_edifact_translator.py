#!/usr/bin/env python3
"""EDIFACT -> JSON translator for customs and terminal messages.

Splits an interchange (UNB..UNZ) into messages, tokenises segments honouring
the UNA service string advice, and hands each message to a mapping module for
its message type (CUSCAR, BAPLIE, COPRAR, IFTMIN, ...). Mapping modules live
in ./mappings/<type>.py and must define ``translate(segments) -> dict``.
"""
import argparse
import json
import logging
import sys
import types
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("edifact")

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
    """Loads mapping modules from a directory, one per message type."""

    def __init__(self, root):
        self.root = Path(root)
        self._cache = {}

    def get(self, msg_type):
        key = msg_type.lower()
        if key not in self._cache:
            self._cache[key] = self._load(key)
        return self._cache[key]

    def _load(self, key):
        path = self.root / f"{key}.py"
        if not path.is_file():
            raise LookupError(f"no mapping for {key.upper()} in {self.root}")
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
    ap.add_argument("--mappings", default="mappings")
    ap.add_argument("--out", type=Path, default=Path("translated"))
    ap.add_argument("--encoding", default="latin-1")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")

    registry = MappingRegistry(args.mappings)
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
