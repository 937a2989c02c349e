#!/usr/bin/env python3
"""Send a purchase order to a supplier's ordering API.

Orders are drafted as JSON in orders/PO-*.json; the receipt from the API
is stored next to the order as PO-*.receipt.json.
"""
import argparse
import asyncio
import json
import logging
import os
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("po-send")


@dataclass(frozen=True)
class Supplier:
    code: str
    base: str
    key_var: str

    @property
    def key(self):
        value = os.environ.get(self.key_var)
        if not value:
            raise SystemExit(f"set {self.key_var} for supplier {self.code}")
        return value


SUPPLIERS = {
    s.code: s
    for s in (
        Supplier("MAL", "https://api.malabar-growers.example.com/v1", "MALABAR_API_KEY"),
        Supplier("ZAN", "https://orders.zanzibar-clove.example.net/api", "ZANCLOVE_API_KEY"),
    )
}


def validate(order):
    missing = [k for k in ("po", "supplier", "lines") if k not in order]
    if missing:
        raise ValueError(f"order missing {', '.join(missing)}")
    for line in order["lines"]:
        if line.get("qty_kg", 0) <= 0:
            raise ValueError(f"bad quantity in line {line}")
    return order


def _post(supplier, order):
    req = urllib.request.Request(
        f"{supplier.base}/orders",
        data=json.dumps(order).encode(),
        method="POST",
        headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {supplier.key}",
            "Idempotency-Key": order["po"],
        },
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.load(resp)


async def send(path, dry_run):
    order = validate(json.loads(Path(path).read_text()))
    supplier = SUPPLIERS[order["supplier"]]
    if dry_run:
        log.info("would send %s to %s", order["po"], supplier.base)
        return None
    receipt = await asyncio.to_thread(_post, supplier, order)
    out = Path(path).with_suffix(".receipt.json")
    out.write_text(json.dumps(receipt, indent=2))
    os.chmod(out, 0o600)
    log.info("%s accepted as %s", order["po"], receipt.get("order_id", "?"))
    return receipt


async def run(paths, dry_run):
    results = await asyncio.gather(*(send(p, dry_run) for p in paths), return_exceptions=True)
    failed = 0
    for p, r in zip(paths, results):
        if isinstance(r, Exception):
            failed += 1
            log.error("%s: %s", p, r)
    return failed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("orders", nargs="*")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    paths = args.orders or sorted(str(p) for p in Path("orders").glob("PO-*.json")
                                  if not p.name.endswith(".receipt.json"))
    raise SystemExit(1 if asyncio.run(run(paths, args.dry_run)) else 0)


if __name__ == "__main__":
    main()
