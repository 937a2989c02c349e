"""Collects status pages from the lab's appliances (self-signed certs)."""
import json
import logging
import ssl
import urllib.request
from typing import Dict, List

log = logging.getLogger("status")

APPLIANCES: List[str] = [
    "https://10.0.5.11/api/status",
    "https://10.0.5.12/api/status",
]


def lab_context() -> ssl.SSLContext:
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


def fetch(url: str, ctx: ssl.SSLContext) -> Dict:
    with urllib.request.urlopen(url, context=ctx, timeout=5) as resp:
        return json.load(resp)


def main() -> None:
    logging.basicConfig(level=logging.INFO)
    ctx = lab_context()
    for url in APPLIANCES:
        try:
            data = fetch(url, ctx)
            log.info("%s: %s", url, data.get("state"))
        except OSError as exc:
            log.warning("%s unreachable: %s", url, exc)


if __name__ == "__main__":
    main()
