#!/usr/bin/env python3
"""Design vault manifest.

Walks a CAD release folder (chassis, bodywork, CNC programs) and writes a
SHA-256 manifest so the release can be checked on the shop-floor PCs
before parts are cut. Also verifies a folder against an existing manifest.
"""
import argparse
import hashlib
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass, field, asdict
from pathlib import Path

log = logging.getLogger("vault-manifest")

CAD_EXTS = (".sldprt", ".sldasm", ".step", ".stp", ".dwg", ".dxf", ".nc", ".gcode", ".pdf")


@dataclass
class Entry:
    path: str
    size: int
    sha256: str
    mtime: float


@dataclass
class Manifest:
    release: str
    root: str
    created: float = field(default_factory=time.time)
    entries: list = field(default_factory=list)


def digest(path, algo="sha256", chunk=1 << 20):
    h = getattr(hashlib, algo)()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def walk(root, exts):
    for dirpath, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for f in sorted(files):
            p = Path(dirpath) / f
            if p.suffix.lower() in exts:
                yield p


def build(root, release):
    m = Manifest(release=release, root=str(root))
    for p in walk(root, CAD_EXTS):
        st = p.stat()
        m.entries.append(Entry(str(p.relative_to(root)), st.st_size, digest(p), st.st_mtime))
    return m


def verify(root, manifest_path):
    data = json.loads(Path(manifest_path).read_text())
    bad = []
    for e in data["entries"]:
        p = root / e["path"]
        if not p.exists():
            bad.append((e["path"], "missing"))
        elif digest(p) != e["sha256"]:
            bad.append((e["path"], "changed"))
    return bad


def save(m, out):
    out.write_text(json.dumps(asdict(m), indent=1))
    os.chmod(out, 0o600)


def cmd_build(args):
    m = build(args.root, args.release)
    out = Path(args.out or f"manifest_{args.release}.json")
    save(m, out)
    log.info("%d files, %.1f MB -> %s", len(m.entries), sum(e.size for e in m.entries) / 1e6, out)


def cmd_verify(args):
    bad = verify(args.root, args.manifest)
    for path, why in bad:
        log.error("%-8s %s", why, path)
    log.info("%s", "release OK" if not bad else f"{len(bad)} problem(s)")
    raise SystemExit(1 if bad else 0)


def main():
    ap = argparse.ArgumentParser(description="Hash manifest for CAD releases")
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build")
    b.add_argument("root", type=Path)
    b.add_argument("--release", default=os.environ.get("CAD_RELEASE", time.strftime("%Y%m%d")))
    b.add_argument("--out")
    v = sub.add_parser("verify")
    v.add_argument("root", type=Path)
    v.add_argument("manifest")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    me = importlib.import_module(__name__)
    getattr(me, "cmd_" + args.cmd)(args)


if __name__ == "__main__":
    main()
