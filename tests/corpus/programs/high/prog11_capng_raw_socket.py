#!/usr/bin/env python3
"""Pinger that raises CAP_NET_RAW for itself with libcap-ng before opening a raw socket."""
import argparse
import logging
import socket

import capng

log = logging.getLogger("pinger")


def raise_net_raw():
    capng.capng_get_caps_process()
    capng.capng_update(capng.CAPNG_ADD, capng.CAPNG_EFFECTIVE | capng.CAPNG_PERMITTED, capng.CAP_NET_RAW)
    if capng.capng_apply(capng.CAPNG_SELECT_CAPS) != 0:
        raise SystemExit("could not raise CAP_NET_RAW")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("host")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    raise_net_raw()
    s = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP)
    s.settimeout(2)
    log.info("raw socket ready for %s", args.host)
    s.close()


if __name__ == "__main__":
    main()
