#!/usr/bin/env python3
"""Measure TCP connect latency to a list of service endpoints.

The probe helper runs in a separate interpreter so a hung connect cannot
block the reporting loop; results stream back over its stdout as JSON lines.
"""
import argparse
import configparser
import json
import logging
import os
import subprocess
import sys

LOG = logging.getLogger("latency")
HELPER_PATH = "/tmp/netprobe_helper.py"

HELPER = '''\
import json, socket, sys, time
host, port, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
for i in range(rounds):
    t0 = time.monotonic()
    try:
        with socket.create_connection((host, port), timeout=3) as s:
            s.sendall(b"")
        ok, err = True, None
    except OSError as exc:
        ok, err = False, str(exc)
    ms = (time.monotonic() - t0) * 1000
    print(json.dumps({"round": i, "ok": ok, "ms": round(ms, 2), "error": err}),
          flush=True)
    time.sleep(0.2)
'''


def load_targets(path: str) -> list:
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise FileNotFoundError(path)
    targets = []
    for section in cfg.sections():
        host = cfg.get(section, "host")
        port = cfg.getint(section, "port", fallback=443)
        targets.append((section, host, port))
    return targets


def install_helper() -> None:
    with open(HELPER_PATH, "w", encoding="utf-8") as fh:
        fh.write(HELPER)
    os.chmod(HELPER_PATH, 0o644)


def probe(name: str, host: str, port: int, rounds: int) -> dict:
    proc = subprocess.Popen([sys.executable, HELPER_PATH, host, str(port),
                             str(rounds)],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True)
    samples, failures = [], 0
    assert proc.stdout is not None
    for line in proc.stdout:
        row = json.loads(line)
        if row["ok"]:
            samples.append(row["ms"])
        else:
            failures += 1
            LOG.debug("%s: %s", name, row["error"])
    proc.wait(timeout=rounds * 5)
    samples.sort()
    return {
        "name": name, "target": f"{host}:{port}", "failures": failures,
        "min": samples[0] if samples else None,
        "p50": samples[len(samples) // 2] if samples else None,
        "max": samples[-1] if samples else None,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="endpoints.ini")
    ap.add_argument("-n", "--rounds", type=int, default=5)
    ap.add_argument("--fail-over", type=float, default=250.0,
                    help="exit non-zero if any p50 exceeds this (ms)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        targets = load_targets(args.config)
    except FileNotFoundError:
        LOG.error("config %s not found", args.config)
        return 2
    install_helper()
    worst = 0.0
    for name, host, port in targets:
        res = probe(name, host, port, args.rounds)
        p50 = res["p50"]
        worst = max(worst, p50 or float("inf"))
        LOG.info("%-20s %-28s p50=%s ms min=%s max=%s failures=%d",
                 res["name"], res["target"], p50, res["min"], res["max"],
                 res["failures"])
    return 1 if worst > args.fail_over else 0


if __name__ == "__main__":
    sys.exit(main())
