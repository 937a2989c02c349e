#!/usr/bin/env python3
"""Import pattern packs from the pattern supplier.

Suppliers send a .tar.gz with DXF pieces, a YAML grading table and a
preview sketch. This unpacks the pack, reads the grading rules, converts the
sketch to PNG for the catalogue and files everything under ./library.
"""
import argparse
import logging
import shutil
import subprocess
import tarfile
from pathlib import Path

import yaml

log = logging.getLogger("pack_import")

WORK_DIR = Path("/tmp/pattern_import")
LIBRARY = Path("library")
CONVERTERS = {
    ".svg": ["inkscape", "--export-type=png", "--export-dpi=96"],
    ".pdf": ["pdftoppm", "-png", "-r", "96", "-singlefile"],
}


class PatternPack:
    def __init__(self, archive):
        self.archive = Path(archive)
        self.root = WORK_DIR / self.archive.stem.replace(".tar", "")

    def unpack(self):
        if self.root.exists():
            shutil.rmtree(self.root)
        self.root.mkdir(parents=True)
        with tarfile.open(self.archive, "r:*") as tar:
            tar.extractall(self.root)
        log.info("unpacked %s into %s", self.archive.name, self.root)

    def grading(self):
        files = list(self.root.rglob("grading.y*ml"))
        if not files:
            return {}
        with open(files[0], encoding="utf-8") as fh:
            return yaml.load(fh, Loader=yaml.Loader) or {}

    def pieces(self):
        return sorted(self.root.rglob("*.dxf"))

    def sketches(self):
        return [p for p in self.root.rglob("*") if p.suffix.lower() in CONVERTERS]


def convert_sketch(src, dest_dir):
    base = CONVERTERS[src.suffix.lower()]
    if src.suffix.lower() == ".svg":
        cmd = base + [f"--export-filename={dest_dir / (src.stem + '.png')}", str(src)]
    else:
        cmd = base + [str(src), str(dest_dir / src.stem)]
    try:
        subprocess.run(cmd, check=True, capture_output=True, timeout=120)
        return True
    except (subprocess.CalledProcessError, FileNotFoundError, subprocess.TimeoutExpired) as exc:
        log.warning("could not convert %s: %s", src.name, exc)
        return False


def file_pack(pack, style_code):
    dest = LIBRARY / style_code
    (dest / "pieces").mkdir(parents=True, exist_ok=True)
    (dest / "preview").mkdir(exist_ok=True)
    for piece in pack.pieces():
        shutil.copy2(piece, dest / "pieces" / piece.name)
    converted = sum(convert_sketch(s, dest / "preview") for s in pack.sketches())
    rules = pack.grading()
    sizes = rules.get("sizes", [])
    with open(dest / "sizes.txt", "w", encoding="utf-8") as fh:
        fh.write("\n".join(str(s) for s in sizes) + "\n")
    return len(pack.pieces()), converted, len(sizes)


def main():
    ap = argparse.ArgumentParser(description="Import supplier pattern packs")
    ap.add_argument("archives", nargs="+")
    ap.add_argument("--style", help="style code (default: archive name)")
    ap.add_argument("--keep-work", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    for archive in args.archives:
        pack = PatternPack(archive)
        try:
            pack.unpack()
            style = args.style or pack.root.name
            pieces, previews, sizes = file_pack(pack, style)
            log.info("%s: %d pieces, %d previews, %d sizes", style, pieces, previews, sizes)
        except (tarfile.TarError, yaml.YAMLError, OSError) as exc:
            log.error("failed to import %s: %s", archive, exc)
        finally:
            if not args.keep_work and pack.root.exists():
                shutil.rmtree(pack.root, ignore_errors=True)


if __name__ == "__main__":
    main()
