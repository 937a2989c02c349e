#!/usr/bin/env python3
"""Stitch format converter with pluggable readers/writers.

Each plugin is a small Python file in ``./plugins`` that defines
``FORMAT`` (e.g. "pes"), ``read(data: bytes) -> list[tuple[int, int, str]]``
and optionally ``write(stitches) -> bytes``.  The core only knows Tajima DST;
everything else (PES, JEF, EXP, VP3 ...) comes from the plugin folder that the
digitising team maintains alongside the shop's design library.
"""
import argparse
import logging
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("stitchconv")


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


def discover_plugins(plugin_dir, registry):
    plugin_dir = Path(plugin_dir)
    if not plugin_dir.is_dir():
        log.info("no plugin directory at %s", plugin_dir)
        return
    for path in sorted(plugin_dir.glob("*.py")):
        try:
            _load_source(path.read_text(encoding="utf-8"), str(path), registry)
        except Exception as exc:  # a broken plugin must not stop the shop
            log.error("plugin %s failed to load: %s", path.name, exc)


def _decode_dst_delta(b0, b1, b2):
    def bit(b, n):
        return (b >> n) & 1
    x = (bit(b2, 2) * 81 - bit(b2, 3) * 81 + bit(b1, 2) * 27 - bit(b1, 3) * 27
         + bit(b0, 2) * 9 - bit(b0, 3) * 9 + bit(b1, 0) * 3 - bit(b1, 1) * 3
         + bit(b0, 0) - bit(b0, 1))
    y = (bit(b2, 5) * 81 - bit(b2, 4) * 81 + bit(b1, 5) * 27 - bit(b1, 4) * 27
         + bit(b0, 5) * 9 - bit(b0, 4) * 9 + bit(b1, 7) * 3 - bit(b1, 6) * 3
         + bit(b0, 7) - bit(b0, 6))
    if b2 & 0xF3 == 0xF3:
        kind = "end"
    elif b2 & 0xC3 == 0xC3:
        kind = "color"
    elif b2 & 0x83 == 0x83:
        kind = "jump"
    else:
        kind = "stitch"
    return x, y, kind


def read_dst(data):
    body = data[512:]
    stitches = []
    for i in range(0, len(body) - 2, 3):
        dx, dy, kind = _decode_dst_delta(body[i], body[i + 1], body[i + 2])
        stitches.append((dx, dy, kind))
        if kind == "end":
            break
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
    ap.add_argument("--plugins", default="plugins")
    ap.add_argument("--out", default="converted")
    ap.add_argument("--list", action="store_true", help="list available formats")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    registry = Registry()
    discover_plugins(args.plugins, registry)
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
