#!/usr/bin/env python3
"""Check and renew Sonicforge plugin seats against the activation service.

Reads the local license store (~/.sonicforge/licenses.json), renews every
seat that is close to expiry and writes the renewed tokens back.  The
product version and OS family are sent along so the service can pick the
right token format.
"""
import argparse
import http.client
import json
import logging
import os
import platform
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

log = logging.getLogger("license-check")

API_HOST = os.environ.get("SONICFORGE_API_HOST", "activation.sonicforge-audio.com")
API_PATH = "/v2/seats/refresh"
STORE = Path(os.environ.get("SONICFORGE_HOME", str(Path.home() / ".sonicforge"))) / "licenses.json"
RENEW_WINDOW = timedelta(days=int(os.environ.get("SONICFORGE_RENEW_DAYS", "14")))


def load_store(path):
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except FileNotFoundError:
        log.warning("no license store at %s", path)
        return {"seats": []}
    except json.JSONDecodeError as exc:
        log.error("license store is corrupt: %s", exc)
        sys.exit(2)


def save_store(path, store):
    tmp = path.with_suffix(".json.new")
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(store, fh, indent=2)
    os.chmod(tmp, 0o600)
    tmp.replace(path)


def client_info():
    """What the activation service needs to choose a token format."""
    return {
        "os_family": platform.system(),
        "arch": platform.machine(),
        "client": "license-check/2.3",
    }


def needs_renewal(seat, now):
    expires = seat.get("expires")
    if not expires:
        return True
    try:
        when = datetime.fromisoformat(expires)
    except ValueError:
        return True
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return when - now < RENEW_WINDOW


class ActivationClient:
    def __init__(self, host, license_key, timeout=20):
        self.host = host
        self.license_key = license_key
        self.timeout = timeout

    def refresh(self, seat, info, attempts=3):
        body = json.dumps({
            "seat_id": seat["id"],
            "product": seat.get("product"),
            "token": seat.get("token"),
            "client": info,
        })
        headers = {
            "Content-Type": "application/json",
            "Authorization": f"Bearer {self.license_key}",
            "User-Agent": "sonicforge-license-check/2.3",
        }
        for attempt in range(1, attempts + 1):
            conn = http.client.HTTPSConnection(self.host, timeout=self.timeout)
            try:
                conn.request("POST", API_PATH, body=body, headers=headers)
                resp = conn.getresponse()
                payload = resp.read()
                if resp.status == 200:
                    return json.loads(payload)
                if resp.status in (401, 403):
                    log.error("seat %s rejected: %s", seat["id"], resp.status)
                    return None
                log.warning("attempt %d for %s: HTTP %s", attempt, seat["id"], resp.status)
            except (OSError, http.client.HTTPException) as exc:
                log.warning("attempt %d for %s failed: %s", attempt, seat["id"], exc)
            finally:
                conn.close()
            time.sleep(2 ** attempt)
        return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", type=Path, default=STORE)
    ap.add_argument("--force", action="store_true", help="renew every seat")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    license_key = os.environ.get("SONICFORGE_LICENSE_KEY")
    if not license_key:
        log.error("SONICFORGE_LICENSE_KEY is not set")
        return 1

    store = load_store(args.store)
    now = datetime.now(timezone.utc)
    client = ActivationClient(API_HOST, license_key)
    info = client_info()
    renewed = 0

    for seat in store.get("seats", []):
        if not (args.force or needs_renewal(seat, now)):
            log.debug("seat %s still valid", seat.get("id"))
            continue
        if args.dry_run:
            log.info("would renew %s (%s)", seat.get("id"), seat.get("product"))
            continue
        result = client.refresh(seat, info)
        if result:
            seat["token"] = result.get("token", seat.get("token"))
            seat["expires"] = result.get("expires", seat.get("expires"))
            renewed += 1
            log.info("renewed %s until %s", seat["id"], seat["expires"])

    if renewed and not args.dry_run:
        save_store(args.store, store)
    log.info("%d seat(s) renewed", renewed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
