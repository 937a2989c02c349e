#!/usr/bin/env python3
"""Collect non-sensitive facts about the current GCE VM from the metadata server.

Used by the fleet inventory job: writes instance_facts.json next to the
checkout so the CI step can attach it as an artefact.
"""
import argparse
import json
import logging
import os
import sys
import time

import requests

METADATA_ROOT = "http://metadata.google.internal/computeMetadata/v1/"
HEADERS = {"Metadata-Flavor": "Google"}

FACTS = {
    "instance_id": "instance/id",
    "hostname": "instance/hostname",
    "zone": "instance/zone",
    "machine_type": "instance/machine-type",
    "image": "instance/image",
    "preemptible": "instance/scheduling/preemptible",
    "project_id": "project/project-id",
    "network_tags": "instance/tags",
}

log = logging.getLogger("gce-facts")


class MetadataClient:
    def __init__(self, root=METADATA_ROOT, timeout=2.0, retries=3):
        self.root = root
        self.timeout = timeout
        self.retries = retries
        self.session = requests.Session()
        self.session.headers.update(HEADERS)

    def get(self, path):
        last_err = None
        for attempt in range(1, self.retries + 1):
            try:
                resp = self.session.get(self.root + path, timeout=self.timeout)
                if resp.status_code == 404:
                    return None
                resp.raise_for_status()
                return resp.text
            except requests.RequestException as err:
                last_err = err
                log.debug("attempt %d for %s failed: %s", attempt, path, err)
                time.sleep(0.5 * attempt)
        raise RuntimeError(f"metadata unavailable for {path}: {last_err}")


def normalise(key, value):
    if value is None:
        return None
    if key in ("zone", "machine_type", "image"):
        return value.rsplit("/", 1)[-1]
    if key == "network_tags":
        return json.loads(value)
    if key == "preemptible":
        return value.strip().upper() == "TRUE"
    return value.strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default="instance_facts.json")
    ap.add_argument("--timeout", type=float, default=2.0)
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO)

    client = MetadataClient(timeout=args.timeout)
    facts = {}
    for key, path in FACTS.items():
        try:
            facts[key] = normalise(key, client.get(path))
        except RuntimeError as err:
            log.error("%s", err)
            return 2
    facts["collected_at"] = int(time.time())

    out = os.path.join(os.getcwd(), os.path.basename(args.out))
    with open(out, "w", encoding="utf-8") as fh:
        json.dump(facts, fh, indent=2, sort_keys=True)
    log.info("wrote %s (%s in %s)", out, facts["machine_type"], facts["zone"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
