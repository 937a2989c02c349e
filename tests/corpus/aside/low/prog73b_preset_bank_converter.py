#!/usr/bin/env python3
"""Convert a Granula synth preset bank (.gbank) into a plain folder.

A .gbank file is JSON: a header, a list of presets, the embedded
wavetables/samples (zlib + base64) and an optional vendor macro.  This
tool unpacks the samples, writes one .gpreset per patch and keeps the
macro block untouched in bank_info.json so the synth can decide what to
do with it when the folder is imported.
"""
import argparse
import base64
import hashlib
import json
import logging
import sys
import zlib
from pathlib import Path

log = logging.getLogger("gbank-convert")

SUPPORTED_VERSIONS = {2, 3}


def _unpack(blob):
    raw = base64.b64decode(blob)
    if raw[:1] == b"\x78":
        raw = zlib.decompress(raw)
    return raw


class PresetBank:
    def __init__(self, path):
        self.path = Path(path)
        self.header = {}
        self.presets = []
        self.samples = {}
        self.macro = None

    def load(self):
        try:
            doc = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise ValueError(f"unreadable bank {self.path}: {exc}") from exc
        self.header = doc.get("header", {})
        version = self.header.get("version")
        if version not in SUPPORTED_VERSIONS:
            raise ValueError(f"unsupported bank version {version!r}")
        self.presets = doc.get("presets", [])
        self.samples = doc.get("samples", {})
        self.macro = doc.get("macro")
        log.info("bank %s: %d presets, %d samples", self.name,
                 len(self.presets), len(self.samples))
        return self

    @property
    def name(self):
        return self.header.get("name") or self.path.stem

    def extract_samples(self, dest):
        sample_dir = dest / "Samples"
        sample_dir.mkdir(parents=True, exist_ok=True)
        index = {}
        for fname, blob in self.samples.items():
            target = sample_dir / Path(fname).name
            data = _unpack(blob)
            target.write_bytes(data)
            index[target.name] = {"bytes": len(data),
                                  "sha256": hashlib.sha256(data).hexdigest()}
            log.debug("sample %s (%d bytes)", target.name, len(data))
        return index

    def write_presets(self, dest):
        preset_dir = dest / "Presets"
        preset_dir.mkdir(parents=True, exist_ok=True)
        names = []
        for idx, preset in enumerate(self.presets):
            pname = preset.get("name") or f"Preset {idx + 1:03d}"
            fname = "".join(c for c in pname if c.isalnum() or c in " -_").strip()
            (preset_dir / f"{fname}.gpreset").write_text(json.dumps(preset, indent=2))
            names.append(fname)
        return names

    def write_info(self, dest, sample_index, preset_names):
        info = {
            "header": self.header,
            "presets": preset_names,
            "samples": sample_index,
            "macro": self.macro,
        }
        out = dest / "bank_info.json"
        out.write_text(json.dumps(info, indent=2))
        return out


def main():
    ap = argparse.ArgumentParser(description="Convert Granula .gbank files to folders")
    ap.add_argument("banks", nargs="+", type=Path)
    ap.add_argument("-o", "--out", type=Path, default=Path("converted"))
    ap.add_argument("--no-samples", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    failures = 0
    for path in args.banks:
        try:
            bank = PresetBank(path).load()
        except ValueError as exc:
            log.error("%s", exc)
            failures += 1
            continue
        dest = args.out / bank.name
        dest.mkdir(parents=True, exist_ok=True)
        index = {} if args.no_samples else bank.extract_samples(dest)
        names = bank.write_presets(dest)
        info = bank.write_info(dest, index, names)
        log.info("converted %s -> %s (%s)", bank.name, dest, info.name)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
