#!/usr/bin/env python3
"""Bridge local sensor topics from the on-site Mosquitto broker to the
fleet uplink broker.

Every message seen on the configured local filters is re-published under
fleet/<site>/<device>/<original topic> with a small JSON envelope
(timestamp, hostname, sequence number) so the cloud side can detect gaps.

Config (bridge.ini):

    [bridge]
    site = depot-07
    device_id = gw-0142
    filters = sensors/#, meters/+/reading

    [local]
    host = 127.0.0.1
    port = 1883

    [uplink]
    host = mqtt.fleet.example.net
    port = 8883
    username = gw-0142
    password_env = UPLINK_PASSWORD
    ca_file = certs/uplink-ca.pem
"""
import argparse
import configparser
import json
import logging
import os
import signal
import socket
import ssl
import sys
import threading
import time

import paho.mqtt.client as mqtt

log = logging.getLogger("mqtt-bridge")


class Bridge:
    def __init__(self, cfg):
        self.cfg = cfg
        self.site = cfg.get("bridge", "site", fallback="default")
        self.device = cfg.get("bridge", "device_id", fallback=socket.gethostname())
        self.filters = [f.strip() for f in cfg.get("bridge", "filters", fallback="sensors/#").split(",") if f.strip()]
        self.seq = 0
        self.lock = threading.Lock()
        self.stopping = threading.Event()

        self.local = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"{self.device}-local")
        self.remote = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"{self.device}-uplink")
        self.local.on_connect = self._on_local_connect
        self.local.on_message = self._on_local_message
        self.remote.on_connect = self._on_remote_connect
        self.remote.on_disconnect = self._on_remote_disconnect

    # -- uplink -----------------------------------------------------------
    def _uplink_tls(self):
        ctx = ssl.create_default_context(ssl.Purpose.SERVER_AUTH)
        ca = self.cfg.get("uplink", "ca_file", fallback="")
        if ca and os.path.exists(ca):
            ctx.load_verify_locations(cafile=ca)
        # depot brokers are re-imaged with fresh self-signed certs, pinning
        # breaks after every rebuild
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
        return ctx

    def connect_uplink(self):
        up = self.cfg["uplink"]
        user = up.get("username", self.device)
        pw = os.environ.get(up.get("password_env", "UPLINK_PASSWORD"), "")
        self.remote.username_pw_set(user, pw)
        self.remote.tls_set_context(self._uplink_tls())
        self.remote.reconnect_delay_set(min_delay=2, max_delay=120)
        host, port = up.get("host"), up.getint("port", 8883)
        for attempt in range(1, 6):
            try:
                self.remote.connect(host, port, keepalive=60)
                self.remote.loop_start()
                log.info("uplink connected to %s:%s", host, port)
                return
            except OSError as exc:
                log.warning("uplink connect attempt %d failed: %s", attempt, exc)
                time.sleep(min(2 ** attempt, 30))
        raise SystemExit("uplink unreachable")

    def _on_remote_connect(self, client, userdata, flags, reason_code, properties):
        if reason_code.is_failure:
            log.error("uplink refused: %s", reason_code)
            return
        client.publish(f"fleet/{self.site}/{self.device}/status", "online", qos=1, retain=True)

    def _on_remote_disconnect(self, client, userdata, flags, reason_code, properties):
        if not self.stopping.is_set():
            log.warning("uplink dropped (%s), paho will reconnect", reason_code)

    # -- local ------------------------------------------------------------
    def connect_local(self):
        lc = self.cfg["local"]
        self.local.connect(lc.get("host", "127.0.0.1"), lc.getint("port", 1883), keepalive=30)
        self.local.loop_start()

    def _on_local_connect(self, client, userdata, flags, reason_code, properties):
        for flt in self.filters:
            client.subscribe(flt, qos=1)
            log.debug("subscribed %s", flt)

    def _envelope(self, msg):
        with self.lock:
            self.seq += 1
            seq = self.seq
        try:
            body = json.loads(msg.payload)
        except (ValueError, UnicodeDecodeError):
            body = msg.payload.decode("latin-1")
        return json.dumps({"ts": time.time(), "host": self.device, "seq": seq, "topic": msg.topic, "data": body})

    def _on_local_message(self, client, userdata, msg):
        out_topic = f"fleet/{self.site}/{self.device}/{msg.topic}"
        info = self.remote.publish(out_topic, self._envelope(msg), qos=1)
        if info.rc != mqtt.MQTT_ERR_SUCCESS:
            log.warning("publish to %s queued/failed rc=%s", out_topic, info.rc)

    def shutdown(self, *_):
        self.stopping.set()
        self.remote.publish(f"fleet/{self.site}/{self.device}/status", "offline", qos=1, retain=True)
        self.local.loop_stop()
        self.remote.loop_stop()
        self.local.disconnect()
        self.remote.disconnect()


def main(argv=None):
    ap = argparse.ArgumentParser(description="local MQTT -> fleet uplink bridge")
    ap.add_argument("-c", "--config", default="bridge.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        log.error("config %s not found", args.config)
        return 2

    bridge = Bridge(cfg)
    bridge.connect_uplink()
    bridge.connect_local()
    signal.signal(signal.SIGTERM, bridge.shutdown)
    try:
        while not bridge.stopping.is_set():
            time.sleep(1)
    except KeyboardInterrupt:
        bridge.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
