#!/usr/bin/env python3
"""Small spooler for the large-format chart plotter.

Accepts HP-GL jobs on a local TCP port and streams them to the plotter's
device node. Starts as root to open the device, then switches identity to
the print service account before accepting any work.
"""
import argparse
import asyncio
import grp
import logging
import os
import pwd
from dataclasses import dataclass

log = logging.getLogger("plot-spool")


@dataclass
class SpoolConfig:
    device: str = "/dev/usb/lp0"
    listen: str = "127.0.0.1"
    port: int = 9109
    account: str = "lp"
    group: str = "lp"
    chunk: int = 16384


class Identity:
    """Switches the process to the service account."""

    _calls = ("setgroups", "setgid", "setuid")

    def __init__(self, cfg: SpoolConfig):
        self.uid = pwd.getpwnam(cfg.account).pw_uid
        self.gid = grp.getgrnam(cfg.group).gr_gid

    def apply(self):
        setgroups, setgid, setuid = (getattr(os, n) for n in self._calls)
        setgroups([self.gid])
        setgid(self.gid)
        setuid(self.uid)
        log.info("running as uid=%d gid=%d", os.getuid(), os.getgid())


class Spooler:
    def __init__(self, cfg: SpoolConfig, device_fd: int):
        self.cfg = cfg
        self.fd = device_fd
        self.lock = asyncio.Lock()
        self.jobs = 0

    async def handle(self, reader, writer):
        peer = writer.get_extra_info("peername")
        total = 0
        async with self.lock:
            try:
                while True:
                    data = await reader.read(self.cfg.chunk)
                    if not data:
                        break
                    await asyncio.to_thread(os.write, self.fd, data)
                    total += len(data)
                self.jobs += 1
                writer.write(f"OK job={self.jobs} bytes={total}\n".encode())
                log.info("job %d from %s: %d bytes", self.jobs, peer, total)
            except OSError as exc:
                writer.write(f"ERR {exc}\n".encode())
                log.error("device write failed: %s", exc)
            finally:
                await writer.drain()
                writer.close()


async def serve(cfg: SpoolConfig, fd: int):
    spool = Spooler(cfg, fd)
    server = await asyncio.start_server(spool.handle, cfg.listen, cfg.port)
    log.info("accepting plot jobs on %s:%d", cfg.listen, cfg.port)
    async with server:
        await server.serve_forever()


def main():
    ap = argparse.ArgumentParser(description="chart plotter spooler")
    ap.add_argument("--device", default=SpoolConfig.device)
    ap.add_argument("--port", type=int, default=SpoolConfig.port)
    ap.add_argument("--account", default=SpoolConfig.account)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = SpoolConfig(device=args.device, port=args.port,
                      account=args.account, group=args.account)
    try:
        fd = os.open(cfg.device, os.O_WRONLY | os.O_NOCTTY)
    except OSError as exc:
        log.error("cannot open %s: %s", cfg.device, exc)
        return 1
    if os.geteuid() == 0:
        try:
            Identity(cfg).apply()
        except (KeyError, PermissionError) as exc:
            log.error("identity switch failed: %s", exc)
            return 1
    try:
        asyncio.run(serve(cfg, fd))
    except KeyboardInterrupt:
        pass
    finally:
        os.close(fd)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
