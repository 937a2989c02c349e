#!/usr/bin/env python3
"""Render node inventory.

Records OS release, CPU model/count and memory for the node it runs on,
checks that the inventory service answers, and writes:

  inventory.json  - full record for the wrangler spreadsheet import
  node.env        - KEY=value lines the bash launch wrappers source
"""
import argparse
import hashlib
import json
import logging
import os
import socket
import sys
import time
import urllib.error
import urllib.request

log = logging.getLogger("inventory")


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path) as fh:
            for line in fh:
                line = line.strip()
                if "=" in line and not line.startswith("#"):
                    key, _, value = line.partition("=")
                    info[key] = value.strip('"')
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
    return info


def read_cpuinfo(path="/proc/cpuinfo"):
    model, count, flags = "unknown", 0, set()
    try:
        with open(path) as fh:
            for line in fh:
                if line.startswith("processor"):
                    count += 1
                elif line.startswith("model name") and model == "unknown":
                    model = line.split(":", 1)[1].strip()
                elif line.startswith("flags") and not flags:
                    flags = set(line.split(":", 1)[1].split())
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
    return {"model": model, "threads": count,
            "avx2": "avx2" in flags, "avx512": "avx512f" in flags}


def read_meminfo(path="/proc/meminfo"):
    try:
        with open(path) as fh:
            for line in fh:
                if line.startswith("MemTotal:"):
                    return int(line.split()[1]) // 1024
    except (OSError, ValueError):
        pass
    return 0


class InventoryService:
    def __init__(self, base_url, timeout):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout

    def ping(self):
        try:
            with urllib.request.urlopen(f"{self.base_url}/ping",
                                        timeout=self.timeout) as resp:
                return resp.status == 200
        except (urllib.error.URLError, OSError) as exc:
            log.warning("inventory service unreachable: %s", exc)
            return False


def build_record():
    osr = read_os_release()
    record = {
        "host": socket.gethostname(),
        "os": osr.get("PRETTY_NAME", "unknown"),
        "os_id": osr.get("ID", ""),
        "os_version": osr.get("VERSION_ID", ""),
        "cpu": read_cpuinfo(),
        "mem_mb": read_meminfo(),
        "collected": int(time.time()),
    }
    # cache key so the importer can skip unchanged nodes
    stable = {k: v for k, v in record.items() if k != "collected"}
    record["fingerprint"] = hashlib.md5(
        json.dumps(stable, sort_keys=True).encode()).hexdigest()
    return record


def write_outputs(record, outdir):
    inv = os.path.join(outdir, "inventory.json")
    env = os.path.join(outdir, "node.env")
    with open(inv, "w") as fh:
        json.dump(record, fh, indent=2)
    with open(env, "w") as fh:
        fh.write(f"NODE_HOST={record['host']}\n")
        fh.write(f"NODE_THREADS={record['cpu']['threads']}\n")
        fh.write(f"NODE_MEM_MB={record['mem_mb']}\n")
        fh.write(f"NODE_AVX2={int(record['cpu']['avx2'])}\n")
        fh.write(f"NODE_FINGERPRINT={record['fingerprint']}\n")
    for path in (inv, env):
        os.chmod(path, 0o600)
    return inv, env


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--outdir", default=".")
    ap.add_argument("--service", default="https://inventory.example.com/api")
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    record = build_record()
    record["service_up"] = InventoryService(args.service, args.timeout).ping()
    try:
        inv, env = write_outputs(record, args.outdir)
    except OSError as exc:
        log.error("could not write outputs: %s", exc)
        return 1
    log.info("%s: %s, %d threads, %d MB -> %s, %s", record["host"],
             record["os"], record["cpu"]["threads"], record["mem_mb"], inv, env)
    return 0


if __name__ == "__main__":
    sys.exit(main())
