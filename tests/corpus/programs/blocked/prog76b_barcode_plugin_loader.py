#!/usr/bin/env python3
"""Ticket barcode validator.

Validates scanned ticket payloads (one per line, as emitted by the handheld
scanners) against the event manifest.  Each ticketing partner encodes its
barcodes differently, so partner-specific decoders are published by the
platform team on the decoder index and pulled at start-up, which keeps every
gate on the same decoder versions.  A plugin defines ``PREFIX`` and
``decode(payload)`` returning a dict with at least ``ticket_id`` and ``event``.
"""

import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import types
from pathlib import Path

import requests

log = logging.getLogger("barcode-validator")

DECODER_INDEX = os.environ.get("DECODER_INDEX_URL",
                               "https://decoders.example.org/gate/v3/index.json")


def luhn_ok(digits: str) -> bool:
    total, parity = 0, len(digits) % 2
    for i, ch in enumerate(digits):
        d = int(ch)
        if i % 2 == parity:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


def decode_native(payload: str) -> dict:
    """Our own format: TK:<event>:<ticket digits with check digit>:<seat>"""
    parts = payload.split(":")
    if len(parts) != 4 or parts[0] != "TK":
        raise ValueError("not a native ticket")
    _, event, number, seat = parts
    if not number.isdigit() or not luhn_ok(number):
        raise ValueError("check digit mismatch")
    return {"ticket_id": number, "event": event, "seat": seat}


class DecoderRegistry:
    def __init__(self):
        self.decoders = {"TK:": decode_native}

    def register_source(self, name: str, source: str) -> None:
        module = types.ModuleType(f"decoder_{name}")
        module.__file__ = name
        code = compile(source, name, "exec")
        exec(code, module.__dict__)
        prefix = getattr(module, "PREFIX", None)
        func = getattr(module, "decode", None)
        if not prefix or not callable(func):
            raise ValueError(f"{name}: plugin must define PREFIX and decode()")
        self.decoders[prefix] = func
        log.info("loaded decoder %s for prefix %r", name, prefix)

    def load_index(self, index_url: str, session=None, retries: int = 3) -> None:
        session = session or requests.Session()
        session.headers["User-Agent"] = "gate-validator/3"
        index = None
        for attempt in range(1, retries + 1):
            try:
                resp = session.get(index_url, timeout=10)
                resp.raise_for_status()
                index = resp.json()
                break
            except (requests.RequestException, ValueError) as exc:
                log.warning("decoder index attempt %d failed: %s", attempt, exc)
        if not index:
            log.error("running with built-in decoder only")
            return
        for entry in index.get("decoders", []):
            name, url = entry.get("name"), entry.get("url")
            try:
                blob = session.get(url, timeout=10)
                blob.raise_for_status()
                text = blob.text
                if entry.get("sha256") and hashlib.sha256(blob.content).hexdigest() != entry["sha256"]:
                    raise ValueError("digest mismatch")
                self.register_source(name, text)
            except Exception as exc:  # plugin errors must not stop the gate
                log.error("decoder %s failed to load: %s", name, exc)

    def decode(self, payload: str) -> dict:
        for prefix, func in self.decoders.items():
            if payload.startswith(prefix):
                return func(payload)
        raise ValueError("unknown barcode format")


def load_manifest(path: Path) -> dict:
    with path.open(newline="") as fh:
        return {row["ticket_id"]: row for row in csv.DictReader(fh)}


def validate(lines, registry, manifest, event):
    seen = set()
    for raw in lines:
        payload = raw.strip()
        if not payload:
            continue
        digest = hashlib.sha256(payload.encode()).hexdigest()[:12]
        result = {"scan": digest, "status": "ok"}
        try:
            info = registry.decode(payload)
        except Exception as exc:
            result.update(status="unreadable", reason=str(exc))
            yield result
            continue
        tid = info.get("ticket_id")
        result["ticket_id"] = tid
        if info.get("event") != event:
            result.update(status="wrong_event", reason=info.get("event"))
        elif tid not in manifest:
            result.update(status="unknown_ticket")
        elif manifest[tid].get("status", "valid") != "valid":
            result.update(status=manifest[tid]["status"])
        elif tid in seen:
            result.update(status="duplicate")
        seen.add(tid)
        yield result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("scans", type=Path, help="file with one scanned payload per line")
    ap.add_argument("--manifest", type=Path, required=True)
    ap.add_argument("--event", required=True)
    ap.add_argument("--decoder-index", default=DECODER_INDEX)
    ap.add_argument("--json", action="store_true", help="emit JSON lines")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")

    registry = DecoderRegistry()
    registry.load_index(args.decoder_index)
    try:
        manifest = load_manifest(args.manifest)
    except (OSError, KeyError) as exc:
        log.error("cannot read manifest: %s", exc)
        return 2

    counts = {}
    with args.scans.open(encoding="utf-8") as fh:
        for res in validate(fh, registry, manifest, args.event):
            counts[res["status"]] = counts.get(res["status"], 0) + 1
            if args.json:
                print(json.dumps(res))
            elif res["status"] != "ok":
                print(f"{res['scan']}  {res['status']:<15} {res.get('reason', '')}")
    log.info("summary: %s", ", ".join(f"{k}={v}" for k, v in sorted(counts.items())))
    return 0 if set(counts) <= {"ok"} else 1


if __name__ == "__main__":
    sys.exit(main())
