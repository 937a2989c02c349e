#!/usr/bin/env python3
"""Load a Granula synth preset bank (.gbank) into the user preset folder.

A .gbank file is JSON: a header, a list of presets, the embedded
wavetables/samples (zlib + base64) and an optional bank macro that
vendors use to set up controller mappings and default paths when the bank
is loaded.  This tool unpacks the samples, writes one .gpreset per patch
and runs the bank macro against a small context object.
"""
import argparse
import base64
import code
import json
import logging
import sys
import zlib
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("gbank")

SUPPORTED_VERSIONS = {2, 3}
DEFAULT_DEST = Path.home() / "Documents" / "Granula" / "Presets"


@dataclass
class LoadContext:
    dest: Path
    bank_name: str
    cc_map: dict = field(default_factory=dict)
    search_paths: list = field(default_factory=list)
    notes: list = field(default_factory=list)


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
        sample_dir = dest / "Samples" / self.name
        sample_dir.mkdir(parents=True, exist_ok=True)
        for fname, blob in self.samples.items():
            target = sample_dir / Path(fname).name
            target.write_bytes(_unpack(blob))
            log.debug("sample %s (%d bytes)", target.name, target.stat().st_size)
        return sample_dir

    def write_presets(self, dest):
        preset_dir = dest / self.name
        preset_dir.mkdir(parents=True, exist_ok=True)
        for idx, preset in enumerate(self.presets):
            pname = preset.get("name") or f"Preset {idx + 1:03d}"
            fname = "".join(c for c in pname if c.isalnum() or c in " -_").strip()
            (preset_dir / f"{fname}.gpreset").write_text(json.dumps(preset, indent=2))
        return preset_dir

    def run_macro(self, ctx):
        if not self.macro:
            return
        source = _unpack(self.macro).decode("utf-8")
        interp = code.InteractiveInterpreter(locals={"ctx": ctx, "bank": self})
        compiled = compile(source, f"<macro:{self.name}>", "exec")
        interp.runcode(compiled)
        log.info("bank macro applied (%d cc mappings)", len(ctx.cc_map))


def save_context(ctx):
    cfg = ctx.dest / f"{ctx.bank_name}.mapping.json"
    cfg.write_text(json.dumps({"cc_map": ctx.cc_map,
                               "search_paths": [str(p) for p in ctx.search_paths],
                               "notes": ctx.notes}, indent=2))
    return cfg


def main():
    ap = argparse.ArgumentParser(description="Load Granula .gbank preset banks")
    ap.add_argument("banks", nargs="+", type=Path)
    ap.add_argument("-d", "--dest", type=Path, default=DEFAULT_DEST)
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
        args.dest.mkdir(parents=True, exist_ok=True)
        ctx = LoadContext(dest=args.dest, bank_name=bank.name)
        if not args.no_samples:
            ctx.search_paths.append(bank.extract_samples(args.dest))
        out = bank.write_presets(args.dest)
        bank.run_macro(ctx)
        mapping = save_context(ctx)
        log.info("installed %s -> %s (mapping %s)", bank.name, out, mapping.name)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
