#!/usr/bin/env python3
"""Print bottle and case labels for a bottling run.

Takes the bottling run sheet (CSV: sku, product, abv, volume_ml, batch,
best_before, bottles, case_size), renders ZPL for each bottle label and each
case label with the lot code and GS1-128 barcode, and spools the jobs to the
USB line printer in chunks so a jam only costs one chunk.

The line PC has no CUPS of its own; jobs go through the packaged print
spooler container, started on demand with the printer passed through.

    bottling_label_spooler.py run_2024_06_14.csv
    bottling_label_spooler.py run.csv --preview    # write ZPL files only
"""

import argparse
import csv
import http.client
import json
import logging
import math
import os
import socket
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("labels")

OUT = Path("label_jobs")
CHUNK = 250
ENGINE_SOCK = os.environ.get("SPOOLER_ENGINE", "/var/run/docker.sock")
SPOOLER_IMAGE = os.environ.get("SPOOLER_IMAGE", "registry.brewline.example.com/zpl-spooler:3.2")
PRINTER_DEV = os.environ.get("PRINTER_DEV", "/dev/usb/lp0")


class _UnixHTTP(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self._path)


class SpoolerEngine:
    def __init__(self, sock_path=ENGINE_SOCK):
        self.sock_path = sock_path

    def _call(self, method, path, body=None):
        conn = _UnixHTTP(self.sock_path)
        try:
            payload = json.dumps(body) if body is not None else None
            conn.request(method, path, body=payload, headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data else {}
        finally:
            conn.close()

    def run_job(self, name, job_dir, job_file):
        spec = {
            "Image": SPOOLER_IMAGE,
            "Cmd": ["zpl-send", "--device", PRINTER_DEV, "--title", name, f"/jobs/{job_file}"],
            "HostConfig": {
                "Privileged": True,
                "Binds": [f"{job_dir.resolve()}:/jobs:ro", "/dev:/dev"],
                "AutoRemove": False,
            },
        }
        cid = self._call("POST", f"/containers/create?name=zpl-{name[:40]}", spec)["Id"]
        try:
            self._call("POST", f"/containers/{cid}/start")
            status = self._call("POST", f"/containers/{cid}/wait")
            if status.get("StatusCode", 1) != 0:
                raise RuntimeError(f"spooler exited {status.get('StatusCode')}")
            return cid[:12]
        finally:
            try:
                self._call("DELETE", f"/containers/{cid}?force=1")
            except RuntimeError:
                pass


@dataclass
class RunLine:
    sku: str
    product: str
    abv: float
    volume_ml: int
    batch: str
    best_before: str
    bottles: int
    case_size: int

    @property
    def lot(self):
        return f"L{self.batch}-{self.best_before.replace('-', '')[2:]}"

    @property
    def units(self):
        # UK alcohol units per bottle
        return self.volume_ml * self.abv / 1000.0


def read_run(path):
    with open(path, newline="") as fh:
        for n, row in enumerate(csv.DictReader(fh), start=2):
            try:
                yield RunLine(row["sku"], row["product"], float(row["abv"]), int(row["volume_ml"]),
                              row["batch"], row["best_before"], int(row["bottles"]),
                              int(row.get("case_size") or 12))
            except (KeyError, ValueError) as exc:
                log.warning("run sheet line %d skipped: %s", n, exc)


def bottle_zpl(line, copies):
    return (
        "^XA^CI28^PW600^LL400\n"
        f"^FO30,30^A0N,48,48^FD{line.product}^FS\n"
        f"^FO30,95^A0N,30,30^FD{line.abv:.1f}% ABV  {line.volume_ml}ml  {line.units:.1f} units^FS\n"
        f"^FO30,140^A0N,26,26^FDBest before {line.best_before}  Lot {line.lot}^FS\n"
        f"^FO30,190^BY2^BEN,80,Y,N^FD{line.sku}^FS\n"
        f"^PQ{copies},0,1,Y^XZ\n"
    )


def case_zpl(line, case_no, total):
    gs1 = f"(01)0{line.sku}(10){line.lot}(15){line.best_before.replace('-', '')[2:]}"
    return (
        "^XA^CI28^PW1200^LL800\n"
        f"^FO40,40^A0N,70,70^FD{line.product}^FS\n"
        f"^FO40,130^A0N,40,40^FD{line.case_size} x {line.volume_ml}ml  {line.abv:.1f}% ABV^FS\n"
        f"^FO40,190^A0N,36,36^FDLot {line.lot}   Case {case_no}/{total}^FS\n"
        f"^FO40,260^BY3^BCN,160,Y,N,N,D^FD{gs1}^FS\n"
        "^XZ\n"
    )


def build_jobs(lines):
    for line in lines:
        remaining = line.bottles
        part = 0
        while remaining > 0:
            n = min(CHUNK, remaining)
            part += 1
            yield f"{line.sku}_{line.batch}_bottles_{part:02d}", bottle_zpl(line, n)
            remaining -= n
        cases = math.ceil(line.bottles / line.case_size)
        body = "".join(case_zpl(line, i, cases) for i in range(1, cases + 1))
        yield f"{line.sku}_{line.batch}_cases", body


def main(argv=None):
    ap = argparse.ArgumentParser(description="Print bottle and case labels for a bottling run")
    ap.add_argument("run_sheet", type=Path)
    ap.add_argument("--preview", action="store_true", help="write ZPL only, do not print")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.run_sheet.exists():
        log.error("run sheet %s not found", args.run_sheet)
        return 1
    OUT.mkdir(exist_ok=True)
    engine = SpoolerEngine()
    sent = failed = 0
    for name, zpl in build_jobs(read_run(args.run_sheet)):
        path = OUT / f"{name}.zpl"
        path.write_text(zpl)
        if args.preview:
            continue
        try:
            log.info("%s: spooled via %s", name, engine.run_job(name, OUT, path.name))
            sent += 1
        except (RuntimeError, OSError, ValueError, KeyError) as exc:
            log.error("%s failed: %s (ZPL kept in %s)", name, exc, path)
            failed += 1
    log.info("%d jobs sent, %d failed", sent, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
