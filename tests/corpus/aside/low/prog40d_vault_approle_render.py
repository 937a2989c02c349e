#!/usr/bin/env python3
"""Log in to Vault with AppRole and render a KV v2 secret into a local .env file.

Credentials come from VAULT_ROLE_ID / VAULT_SECRET_ID and are sent only to the
Vault server named by VAULT_ADDR.
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path

import requests

logger = logging.getLogger("vault-render")


class VaultError(RuntimeError):
    pass


class VaultClient:
    def __init__(self, addr: str, namespace: str = "", timeout: float = 10.0):
        self.addr = addr.rstrip("/")
        self.session = requests.Session()
        self.timeout = timeout
        if namespace:
            self.session.headers["X-Vault-Namespace"] = namespace

    def _url(self, path: str) -> str:
        return f"{self.addr}/v1/{path.lstrip('/')}"

    def login_approle(self, role_id: str, secret_id: str, mount: str = "approle") -> None:
        resp = self.session.post(self._url(f"auth/{mount}/login"),
                                 json={"role_id": role_id, "secret_id": secret_id},
                                 timeout=self.timeout)
        if resp.status_code != 200:
            raise VaultError(f"login failed: HTTP {resp.status_code}")
        auth = resp.json()["auth"]
        self.session.headers["X-Vault-Token"] = auth["client_token"]
        logger.info("logged in, lease %ss, policies=%s", auth["lease_duration"], auth["policies"])

    def read_kv2(self, mount: str, path: str) -> dict:
        resp = self.session.get(self._url(f"{mount}/data/{path}"), timeout=self.timeout)
        if resp.status_code == 404:
            raise VaultError(f"secret {mount}/{path} not found")
        resp.raise_for_status()
        return resp.json()["data"]["data"]


def render_env(values: dict, target: Path, prefix: str) -> int:
    lines = []
    for key in sorted(values):
        val = str(values[key]).replace("\n", "\\n")
        lines.append(f'{prefix}{key.upper()}="{val}"')
    tmp = target.with_suffix(".tmp")
    tmp.write_text("\n".join(lines) + "\n")
    os.chmod(tmp, 0o600)
    tmp.replace(target)
    return len(lines)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("secret", help="path below the KV mount, e.g. apps/billing")
    ap.add_argument("--mount", default="kv")
    ap.add_argument("--out", default=".env.local")
    ap.add_argument("--prefix", default="")
    ap.add_argument("--dump-keys", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    addr = os.environ.get("VAULT_ADDR", "https://vault.internal.example:8200")
    role_id = os.environ.get("VAULT_ROLE_ID")
    secret_id = os.environ.get("VAULT_SECRET_ID")
    if not role_id or not secret_id:
        logger.error("VAULT_ROLE_ID and VAULT_SECRET_ID must be set")
        return 2

    client = VaultClient(addr, os.environ.get("VAULT_NAMESPACE", ""))
    try:
        client.login_approle(role_id, secret_id)
        data = client.read_kv2(args.mount, args.secret)
    except (VaultError, requests.RequestException) as exc:
        logger.error("%s", exc)
        return 1

    out = Path(args.out)
    n = render_env(data, out, args.prefix)
    logger.info("wrote %d variables to %s", n, out)
    if args.dump_keys:
        print(json.dumps(sorted(data), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
