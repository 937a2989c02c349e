#!/usr/bin/env python3
"""pack-tool: compress and text-encode files in the current project.

Sub-commands are looked up by name on the Tool class (``cmd_<name>``), and
compression backends are chosen from whatever is installed: zstandard and
brotli are optional and imported lazily, zlib/lzma/bz2 always work.
"""
import base64
import bz2
import importlib
import lzma
import sys
import zlib
from pathlib import Path

TEXT_CODECS = {
    "b64": (base64.b64encode, base64.b64decode),
    "b32": (base64.b32encode, base64.b32decode),
    "b85": (base64.b85encode, base64.b85decode),
    "hex": (bytes.hex, bytes.fromhex),
}

OPTIONAL_BACKENDS = ("zstandard", "brotli")


def load_backends():
    backends = {
        "zlib": (lambda d: zlib.compress(d, 9), zlib.decompress),
        "lzma": (lzma.compress, lzma.decompress),
        "bz2": (bz2.compress, bz2.decompress),
    }
    for name in OPTIONAL_BACKENDS:
        try:
            mod = importlib.import_module(name)
        except ImportError:
            continue
        if name == "zstandard":
            backends["zstd"] = (mod.ZstdCompressor().compress,
                                mod.ZstdDecompressor().decompress)
        elif name == "brotli":
            backends["brotli"] = (mod.compress, mod.decompress)
    return backends


class Tool:
    def __init__(self):
        self.backends = load_backends()

    def _codec(self, name):
        if name not in TEXT_CODECS:
            raise SystemExit(f"unknown text codec {name!r}; choose from {sorted(TEXT_CODECS)}")
        return TEXT_CODECS[name]

    def _backend(self, name):
        if name not in self.backends:
            raise SystemExit(f"backend {name!r} not available; have {sorted(self.backends)}")
        return self.backends[name]

    def cmd_backends(self):
        for name in sorted(self.backends):
            print(name)

    def cmd_pack(self, src, backend="zlib", codec="b85"):
        compress, _ = self._backend(backend)
        encode, _ = self._codec(codec)
        data = Path(src).read_bytes()
        out = encode(compress(data))
        if isinstance(out, str):
            out = out.encode("ascii")
        dest = Path(f"{src}.{backend}.{codec}")
        dest.write_bytes(out)
        print(f"{src}: {len(data)} -> {len(out)} bytes ({dest})")

    def cmd_unpack(self, src):
        path = Path(src)
        parts = path.name.split(".")
        if len(parts) < 3:
            raise SystemExit("expected NAME.<backend>.<codec>")
        backend, codec = parts[-2], parts[-1]
        _, decompress = self._backend(backend)
        _, decode = self._codec(codec)
        text = path.read_bytes()
        raw = decode(text.decode("ascii")) if codec == "hex" else decode(text)
        data = decompress(raw)
        dest = Path(".".join(parts[:-2]) + ".restored")
        dest.write_bytes(data)
        print(f"restored {len(data)} bytes to {dest}")

    def cmd_compare(self, src):
        data = Path(src).read_bytes()
        print(f"{'backend':<8} {'bytes':>10} {'ratio':>7}")
        for name, (compress, _) in sorted(self.backends.items()):
            size = len(compress(data))
            print(f"{name:<8} {size:>10} {size / max(len(data), 1):>7.3f}")

    def dispatch(self, argv):
        if not argv:
            names = [n[4:] for n in dir(self) if n.startswith("cmd_")]
            print("commands: " + ", ".join(sorted(names)))
            return 2
        handler = getattr(self, "cmd_" + argv[0], None)
        if handler is None:
            print(f"unknown command {argv[0]!r}", file=sys.stderr)
            return 2
        handler(*argv[1:])
        return 0


if __name__ == "__main__":
    sys.exit(Tool().dispatch(sys.argv[1:]))
