"""Packet capture helper that keeps only the capabilities it needs."""
import logging
import os

import prctl

log = logging.getLogger("capture")


def drop_to(uid, gid):
    prctl.set_keepcaps(True)
    os.setgid(gid)
    os.setuid(uid)
    prctl.cap_effective.net_raw = True
    prctl.cap_permitted.net_raw = True
    log.info("running as %d with CAP_NET_RAW", uid)


if __name__ == "__main__":
    drop_to(1000, 1000)
