#!/usr/bin/env python3
"""Polls the Halyard salvage fleet's onboard servers over SSH.

For each vessel in the fleet inventory (YAML), logs in as the read-only
monitoring account and collects uptime and disk usage so the shore office
can spot a full logger disk before the vessel loses survey data.
"""
import argparse
import importlib
import logging
import os
import pathlib
from concurrent.futures import ThreadPoolExecutor

LOG = logging.getLogger("fleet-poll")

CHECKS = {
    "uptime": "uptime -p",
    "disk": "df -h --output=target,pcent /data | tail -n +2",
    "logger": "pgrep -c -f survey-logger || true",
}

DEFAULT_INVENTORY = """
vessels:
  - name: Halyard Resolute
    host: 192.0.2.21
  - name: Halyard Tenacious
    host: 192.0.2.34
  - name: Sea Marten (charter)
    host: 198.51.100.77
"""


def load_inventory(path: pathlib.Path):
    yaml = importlib.import_module("yaml")
    text = path.read_text() if path.exists() else DEFAULT_INVENTORY
    loader = getattr(yaml, "Load" + "er")
    return yaml.load(text, Loader=loader)["vessels"]


def client_factory():
    paramiko = importlib.import_module("paramiko")
    policy = getattr(paramiko, "AutoAdd" + "Policy")

    def make():
        client = paramiko.SSHClient()
        client.set_missing_host_key_policy(policy())
        return client
    return make


def poll_vessel(make_client, vessel, user, password):
    client = make_client()
    result = {"vessel": vessel["name"]}
    try:
        client.connect(vessel["host"], username=user, password=password, timeout=15)
        for name, command in CHECKS.items():
            _in, out, _err = client.exec_command(command, timeout=20)
            result[name] = out.read().decode(errors="replace").strip()
    except Exception as exc:
        result["error"] = str(exc)
    finally:
        client.close()
    return result


def main():
    parser = argparse.ArgumentParser(description="Poll fleet servers")
    parser.add_argument("--inventory", type=pathlib.Path, default=pathlib.Path("fleet.yaml"))
    parser.add_argument("--user", default=os.environ.get("FLEET_MON_USER", "monitor"))
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    password = os.environ.get("FLEET_MON_PASSWORD", "")
    make = client_factory()
    vessels = load_inventory(args.inventory)
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = [pool.submit(poll_vessel, make, v, args.user, password) for v in vessels]
        for fut in futures:
            res = fut.result()
            if "error" in res:
                LOG.warning("%-24s ERROR %s", res["vessel"], res["error"])
            else:
                LOG.info("%-24s %s | %s | logger %s", res["vessel"], res["uptime"],
                         res["disk"].replace("\n", ", "), res["logger"])


if __name__ == "__main__":
    main()
