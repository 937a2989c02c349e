#!/usr/bin/env python3
"""Trigger a full catalogue reindex and bounce the OPAC services.

After a bulk MARC load the discovery index has to be rebuilt, and the OPAC
front end caches facet counts until it restarts. This starts the rebuild on
the index server, waits for it to finish, then restarts the OPAC units on
this host.
"""
import argparse
import json
import logging
import subprocess
import sys
import time
import urllib.error
import urllib.request

INDEX_URL = "https://index.example.org/solr/catalogue/dataimport"
OPAC_UNITS = ["opac-web.service", "opac-facet-cache.service"]

log = logging.getLogger("reindex")


class IndexClient:
    def __init__(self, base_url, timeout=30):
        self.base_url = base_url
        self.timeout = timeout

    def _get(self, params):
        url = f"{self.base_url}?{params}&wt=json"
        with urllib.request.urlopen(url, timeout=self.timeout) as resp:
            return json.load(resp)

    def start_full_import(self):
        data = self._get("command=full-import&clean=true&commit=true")
        log.info("index server accepted import: %s", data.get("status"))

    def status(self):
        return self._get("command=status")

    def wait(self, poll, limit):
        deadline = time.time() + limit
        while time.time() < deadline:
            st = self.status()
            state = st.get("status")
            msgs = st.get("statusMessages", {})
            log.info("index status %s, %s documents processed",
                     state, msgs.get("Total Documents Processed", "?"))
            if state == "idle":
                return True
            time.sleep(poll)
        return False


def restart_units(units, dry_run):
    for unit in units:
        cmd = ["systemctl", "restart", unit]
        log.info("running: %s", " ".join(cmd))
        if dry_run:
            continue
        subprocess.run(cmd, check=True)
        active = subprocess.run(["systemctl", "is-active", unit],
                                capture_output=True, text=True)
        log.info("%s is %s", unit, active.stdout.strip())


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--index-url", default=INDEX_URL)
    p.add_argument("--poll", type=int, default=30)
    p.add_argument("--max-wait", type=int, default=4 * 3600)
    p.add_argument("--skip-reindex", action="store_true")
    p.add_argument("--dry-run", action="store_true")
    args = p.parse_args(argv)

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    client = IndexClient(args.index_url)
    try:
        if not args.skip_reindex:
            client.start_full_import()
            if not client.wait(args.poll, args.max_wait):
                log.error("reindex did not finish within %ds", args.max_wait)
                return 1
        restart_units(OPAC_UNITS, args.dry_run)
    except urllib.error.URLError as exc:
        log.error("index server unreachable: %s", exc)
        return 2
    except subprocess.CalledProcessError as exc:
        log.error("restart failed: %s", exc)
        return 3
    log.info("catalogue reindexed and OPAC restarted")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
