#!/usr/bin/env python3
"""Scan receipt photos into structured expense records.

Each image in the scan folder is run through tesseract inside the pinned
OCR container (talking to the local engine API directly, no docker CLI
needed); the text is parsed
for merchant, date, total and VAT, and the results are appended to
receipts.jsonl so the expense categoriser can pick them up.

    receipt_scanner_container.py scans/ --lang eng+deu
"""
import argparse
import dataclasses
import datetime as dt
import http.client
import json
import logging
import os
import re
import socket
import struct
import sys
from pathlib import Path

log = logging.getLogger("receipt-scan")

IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".tif", ".tiff"}
TOTAL_RE = re.compile(r"(?:total|summe|gesamt|amount due|to pay)\D{0,15}(\d{1,5}[.,]\d{2})", re.I)
VAT_RE = re.compile(r"(?:vat|mwst|ust)\D{0,20}(\d{1,4}[.,]\d{2})", re.I)
DATE_RES = [
    (re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b"), ("y", "m", "d")),
    (re.compile(r"\b(\d{1,2})[./](\d{1,2})[./](\d{4})\b"), ("d", "m", "y")),
    (re.compile(r"\b(\d{1,2})[./](\d{1,2})[./](\d{2})\b"), ("d", "m", "yy")),
]


@dataclasses.dataclass
class Receipt:
    file: str
    merchant: str
    date: str | None
    total: float | None
    vat: float | None
    confidence: str


def to_amount(text):
    return float(text.replace(",", "."))


def find_date(text):
    for pattern, order in DATE_RES:
        match = pattern.search(text)
        if not match:
            continue
        parts = dict(zip(order, match.groups()))
        year = int(parts.get("y") or 2000 + int(parts["yy"]))
        try:
            return dt.date(year, int(parts["m"]), int(parts["d"])).isoformat()
        except ValueError:
            continue
    return None


def parse_receipt(name, text):
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    merchant = lines[0][:60] if lines else "unknown"
    totals = TOTAL_RE.findall(text)
    vats = VAT_RE.findall(text)
    total = to_amount(totals[-1]) if totals else None
    vat = to_amount(vats[-1]) if vats else None
    date = find_date(text)
    confidence = "high" if total and date else "low"
    return Receipt(name, merchant, date, total, vat, confidence)


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, socket_path, timeout=180):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class OcrEngine:
    """Runs tesseract in the pinned OCR image so every machine gives the
    same results regardless of the locally installed version."""

    image = os.environ.get("OCR_IMAGE", "registry.example.com/ocr/tesseract:5.3")
    engine_socket = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")

    def __init__(self, lang="eng", psm=4):
        self.lang = lang
        self.psm = psm
        if not os.path.exists(self.engine_socket):
            raise RuntimeError(f"container engine not available at {self.engine_socket}")

    def _call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.engine_socket)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, "/v1.41" + path,
                     body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return data

    @staticmethod
    def _demux(raw):
        # attach/logs streams are framed: 8-byte header, then payload
        out, i = [], 0
        while i + 8 <= len(raw):
            stream, size = raw[i], struct.unpack(">I", raw[i + 4:i + 8])[0]
            if stream == 1:
                out.append(raw[i + 8:i + 8 + size])
            i += 8 + size
        return b"".join(out).decode("utf-8", "replace")

    def read(self, image_path):
        image_path = Path(image_path).resolve()
        spec = {
            "Image": self.image,
            "Cmd": ["tesseract", f"/in/{image_path.name}", "stdout",
                    "-l", self.lang, "--psm", str(self.psm)],
            "HostConfig": {"Binds": [f"{image_path.parent}:/in:ro"], "AutoRemove": False},
        }
        cid = json.loads(self._call("POST", "/containers/create", spec))["Id"]
        try:
            self._call("POST", f"/containers/{cid}/start")
            status = json.loads(self._call("POST", f"/containers/{cid}/wait"))
            logs = self._demux(self._call("GET", f"/containers/{cid}/logs?stdout=1"))
            if status.get("StatusCode", 1) != 0:
                raise RuntimeError(f"tesseract exited {status.get('StatusCode')}")
            return logs
        finally:
            try:
                self._call("DELETE", f"/containers/{cid}?force=1")
            except RuntimeError as exc:
                log.debug("cleanup of %s failed: %s", cid[:12], exc)


def already_done(out_path):
    done = set()
    if out_path.exists():
        with out_path.open() as fh:
            for line in fh:
                try:
                    done.add(json.loads(line)["file"])
                except (ValueError, KeyError):
                    continue
    return done


def main(argv=None):
    parser = argparse.ArgumentParser(description="OCR receipts into receipts.jsonl")
    parser.add_argument("scan_dir", type=Path)
    parser.add_argument("--lang", default="eng")
    parser.add_argument("--out", type=Path, default=Path("receipts.jsonl"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        engine = OcrEngine(args.lang)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 2

    done = already_done(args.out)
    images = [p for p in sorted(args.scan_dir.iterdir())
              if p.suffix.lower() in IMAGE_SUFFIXES and p.name not in done]
    log.info("%d new image(s) to scan", len(images))

    with args.out.open("a") as out:
        for image in images:
            try:
                text = engine.read(image)
            except (RuntimeError, OSError) as exc:
                log.warning("OCR failed for %s: %s", image.name, exc)
                continue
            receipt = parse_receipt(image.name, text)
            out.write(json.dumps(dataclasses.asdict(receipt)) + "\n")
            log.info("%-30s %-10s %8s  %s", receipt.merchant[:30], receipt.date,
                     receipt.total, receipt.confidence)
    return 0


if __name__ == "__main__":
    sys.exit(main())
