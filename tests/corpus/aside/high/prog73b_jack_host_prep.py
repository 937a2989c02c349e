#!/usr/bin/env python3
"""Prepare a live-sound host before starting JACK.

Run before a gig or a tracking session:
  * pin every CPU to the performance governor
  * hold /dev/cpu_dma_latency at 0 so the CPUs stay out of deep C-states
  * load snd-aloop so OBS / browser audio can be routed into JACK
  * start jackd with the interface from the session file

Stops cleanly on Ctrl-C and puts the governors back the way they were.
"""
import argparse
import glob
import json
import logging
import signal
import struct
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("jack-prep")

CPUFREQ_GLOB = "/sys/devices/system/cpu/cpu[0-9]*/cpufreq/scaling_governor"
DMA_LATENCY = "/dev/cpu_dma_latency"


class HostState:
    def __init__(self):
        self.saved_governors = {}
        self.latency_fd = None
        self.jackd = None

    def set_governors(self, wanted="performance"):
        for node in sorted(glob.glob(CPUFREQ_GLOB)):
            path = Path(node)
            try:
                current = path.read_text().strip()
                if current != wanted:
                    path.write_text(wanted)
                    self.saved_governors[node] = current
            except OSError as exc:
                log.warning("%s: %s", node, exc)
        log.info("governor %s on %d cpu(s) (changed %d)", wanted,
                 len(glob.glob(CPUFREQ_GLOB)), len(self.saved_governors))

    def restore_governors(self):
        for node, value in self.saved_governors.items():
            try:
                Path(node).write_text(value)
            except OSError as exc:
                log.warning("restore %s: %s", node, exc)
        self.saved_governors.clear()

    def hold_dma_latency(self, usec=0):
        try:
            self.latency_fd = open(DMA_LATENCY, "wb", buffering=0)
            self.latency_fd.write(struct.pack("i", usec))
            log.info("cpu_dma_latency held at %d us", usec)
        except OSError as exc:
            log.warning("cannot hold %s: %s", DMA_LATENCY, exc)

    def release_dma_latency(self):
        if self.latency_fd:
            self.latency_fd.close()
            self.latency_fd = None


def load_loopback(subdevices):
    if Path("/sys/module/snd_aloop").exists():
        log.info("snd-aloop already loaded")
        return
    cmd = ["modprobe", "snd-aloop", f"pcm_substreams={subdevices}", "index=10"]
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode:
        log.warning("modprobe failed: %s", res.stderr.strip())
    else:
        log.info("snd-aloop loaded with %d substreams", subdevices)


def start_jack(session):
    dev = session.get("device", "hw:USB")
    cmd = ["jackd", "-R", "-P", str(session.get("priority", 89)), "-d", "alsa",
           "-d", dev, "-r", str(session.get("rate", 48000)),
           "-p", str(session.get("period", 128)), "-n", str(session.get("periods", 2))]
    log.info("starting %s", " ".join(cmd))
    proc = subprocess.Popen(cmd)
    time.sleep(2)
    if proc.poll() is not None:
        raise RuntimeError(f"jackd exited with {proc.returncode}")
    return proc


def main():
    ap = argparse.ArgumentParser(description="Prepare host and start JACK")
    ap.add_argument("-s", "--session", type=Path, default=Path("session.json"))
    ap.add_argument("--no-loopback", action="store_true")
    ap.add_argument("--loopback-subdevices", type=int, default=4)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        session = json.loads(args.session.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        log.error("session file: %s", exc)
        return 1

    state = HostState()
    state.set_governors(session.get("governor", "performance"))
    state.hold_dma_latency(0)
    if not args.no_loopback:
        load_loopback(args.loopback_subdevices)

    def shutdown(*_):
        log.info("shutting down")
        if state.jackd and state.jackd.poll() is None:
            state.jackd.terminate()
            state.jackd.wait(10)
        state.release_dma_latency()
        state.restore_governors()
        sys.exit(0)

    signal.signal(signal.SIGINT, shutdown)
    signal.signal(signal.SIGTERM, shutdown)
    try:
        state.jackd = start_jack(session)
    except (RuntimeError, OSError) as exc:
        log.error("%s", exc)
        shutdown()
    state.jackd.wait()
    shutdown()


if __name__ == "__main__":
    sys.exit(main())
