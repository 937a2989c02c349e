#!/usr/bin/env python3
"""Poll interface counters from network devices over SNMP v2c.

Reads targets from poller.json, queries each device with net-snmp's
`snmpget`, lets site-local metric extensions post-process the samples, and
writes one JSON-lines file per run into ./samples/.

Extensions are plain Python files dropped into ./extensions/ that define a
`transform(samples)` function.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

log = logging.getLogger("snmp-poller")

IF_OIDS = {
    "ifHCInOctets": "1.3.6.1.2.1.31.1.1.1.6",
    "ifHCOutOctets": "1.3.6.1.2.1.31.1.1.1.10",
    "ifOperStatus": "1.3.6.1.2.1.2.2.1.8",
}


class ExtensionLoader:
    def __init__(self, directory):
        self.directory = Path(directory)

    def _sources(self):
        if not self.directory.is_dir():
            return
        for path in sorted(self.directory.glob("*.py")):
            if path.name.startswith("_"):
                continue
            yield path, path.read_text()

    def load(self):
        hooks = []
        for path, source in self._sources():
            namespace = {"__name__": "snmp_ext", "__file__": str(path)}
            try:
                code = compile(source, str(path), "exec")
                exec(code, namespace)
            except Exception as exc:  # noqa: BLE001 - one bad extension must not stop polling
                log.error("extension %s failed to load: %s", path.name, exc)
                continue
            hook = namespace.get("transform")
            if callable(hook):
                hooks.append(hook)
                log.info("loaded extension %s", path.name)
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
    if cfg.get("load_extensions", True):
        hooks = ExtensionLoader(cfg.get("extension_dir", "./extensions")).load()

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
