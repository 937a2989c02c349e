#!/usr/bin/env python3
"""First-pass triage of a suspicious binary for the incident-response queue.

Computes hashes, runs `file` and `strings`, and brute-forces single-byte XOR
keys looking for well-known markers (PE header, URLs, PowerShell).  Decoded
candidates are written to ./triage/<sha256>/ for an analyst to inspect in a
disassembler; they are never loaded or run by this tool.
"""
import argparse
import hashlib
import json
import logging
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("triage")
MARKERS = {
    b"MZ\x90\x00": "pe-header",
    b"This program cannot": "dos-stub",
    b"http://": "url",
    b"https://": "url",
    b"powershell": "powershell",
    b"\x7fELF": "elf-header",
}


def xor_bytes(data: bytes, key: bytes) -> bytes:
    klen = len(key)
    return bytes(b ^ key[i % klen] for i, b in enumerate(data))


def scan_single_byte(data: bytes, window: int):
    head = data[:window]
    for k in range(1, 256):
        decoded = bytes(b ^ k for b in head)
        hits = sorted({name for marker, name in MARKERS.items() if marker in decoded.lower() or marker in decoded})
        if hits:
            yield k, hits


def run_tool(argv, limit=200):
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=60, check=False)
    except FileNotFoundError:
        log.warning("%s not installed", argv[0])
        return []
    return proc.stdout.splitlines()[:limit]


def triage(sample: Path, outdir: Path, window: int, extra_keys):
    data = sample.read_bytes()
    sha = hashlib.sha256(data).hexdigest()
    case_dir = outdir / sha
    case_dir.mkdir(parents=True, exist_ok=True)
    report = {
        "sample": str(sample),
        "size": len(data),
        "sha256": sha,
        "sha1": hashlib.sha1(data).hexdigest(),   # for VirusTotal lookups only
        "file": run_tool(["file", "-b", str(sample)]),
        "strings": run_tool(["strings", "-n", "8", str(sample)]),
        "xor_candidates": [],
    }
    for key, hits in scan_single_byte(data, window):
        out = case_dir / f"xor_{key:02x}.bin"
        out.write_bytes(bytes(b ^ key for b in data))
        report["xor_candidates"].append({"key": f"0x{key:02x}", "markers": hits, "dump": out.name})
        log.info("key 0x%02x -> %s", key, ", ".join(hits))
    for hexkey in extra_keys:
        key = bytes.fromhex(hexkey)
        out = case_dir / f"xor_{hexkey}.bin"
        out.write_bytes(xor_bytes(data, key))
        report["xor_candidates"].append({"key": hexkey, "markers": [], "dump": out.name})
    (case_dir / "report.json").write_text(json.dumps(report, indent=2))
    return case_dir, report


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("sample", type=Path)
    ap.add_argument("--out", type=Path, default=Path("triage"))
    ap.add_argument("--window", type=int, default=65536, help="bytes scanned per key")
    ap.add_argument("--key", action="append", default=[], help="extra multi-byte XOR key (hex)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not args.sample.is_file():
        log.error("no such sample: %s", args.sample)
        return 2
    case_dir, report = triage(args.sample, args.out, args.window, args.key)
    print(f"{report['sha256']}  {report['size']} bytes  "
          f"{len(report['xor_candidates'])} XOR candidate(s) -> {case_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
