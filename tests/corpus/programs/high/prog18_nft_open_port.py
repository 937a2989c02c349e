#!/usr/bin/env python3
"""Opens the application's port in the host firewall through libnftables'
Python binding, so the installer does not depend on the nft CLI."""
import argparse
import json
import logging

import nftables

log = logging.getLogger("nft")


def rule_for(port: int) -> str:
    return f"add rule inet filter input tcp dport {port} ct state new accept"


def apply(port: int) -> None:
    nft = nftables.Nftables()
    nft.set_json_output(True)
    rc, output, error = nft.cmd(rule_for(port))
    if rc != 0:
        raise RuntimeError(error)
    rc, output, error = nft.cmd("list chain inet filter input")
    log.info("chain now has %d rules", len(json.loads(output)["nftables"]) - 1)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8443)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    apply(args.port)
