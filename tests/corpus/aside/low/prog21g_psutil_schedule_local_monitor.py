"""Prints a compact line of local system statistics every few seconds using
psutil, with the schedule library driving the loop. Optionally appends the
samples to a CSV file in the working directory."""
import argparse
import csv
import time
from datetime import datetime
from pathlib import Path

import psutil
import schedule

FIELDS = ["time", "cpu_pct", "load1", "mem_pct", "swap_pct", "disk_pct",
          "net_sent_kbps", "net_recv_kbps", "top_process"]


class Monitor:
    def __init__(self, interval: int, csv_path: Path | None, mount: str):
        self.interval = interval
        self.csv_path = csv_path
        self.mount = mount
        self.last_net = psutil.net_io_counters()
        self.last_time = time.monotonic()
        psutil.cpu_percent(interval=None)  # prime the counter
        if csv_path and not csv_path.exists():
            with csv_path.open("w", newline="") as fh:
                csv.writer(fh).writerow(FIELDS)

    def top_process(self) -> str:
        procs = []
        for proc in psutil.process_iter(["name", "cpu_percent"]):
            info = proc.info
            if info["cpu_percent"] is not None:
                procs.append((info["cpu_percent"], info["name"] or "?"))
        if not procs:
            return "-"
        cpu, name = max(procs)
        return f"{name}({cpu:.0f}%)"

    def sample(self) -> dict:
        now = time.monotonic()
        net = psutil.net_io_counters()
        elapsed = max(now - self.last_time, 1e-6)
        sent = (net.bytes_sent - self.last_net.bytes_sent) / 1024 / elapsed
        recv = (net.bytes_recv - self.last_net.bytes_recv) / 1024 / elapsed
        self.last_net, self.last_time = net, now
        return {
            "time": datetime.now().strftime("%H:%M:%S"),
            "cpu_pct": psutil.cpu_percent(interval=None),
            "load1": round(psutil.getloadavg()[0], 2),
            "mem_pct": psutil.virtual_memory().percent,
            "swap_pct": psutil.swap_memory().percent,
            "disk_pct": psutil.disk_usage(self.mount).percent,
            "net_sent_kbps": round(sent, 1),
            "net_recv_kbps": round(recv, 1),
            "top_process": self.top_process(),
        }

    def tick(self) -> None:
        s = self.sample()
        print(f"{s['time']} cpu {s['cpu_pct']:5.1f}%  load {s['load1']:5.2f}  "
              f"mem {s['mem_pct']:5.1f}%  swap {s['swap_pct']:5.1f}%  disk {s['disk_pct']:5.1f}%  "
              f"net ↑{s['net_sent_kbps']:7.1f} ↓{s['net_recv_kbps']:7.1f} KiB/s  top {s['top_process']}")
        if self.csv_path:
            with self.csv_path.open("a", newline="") as fh:
                csv.DictWriter(fh, fieldnames=FIELDS).writerow(s)


def main() -> None:
    parser = argparse.ArgumentParser(description="Local system monitor")
    parser.add_argument("-i", "--interval", type=int, default=5)
    parser.add_argument("--csv", type=Path, help="append samples to this CSV file")
    parser.add_argument("--mount", default="/", help="filesystem to report usage for")
    parser.add_argument("--count", type=int, default=0, help="stop after N samples")
    args = parser.parse_args()

    monitor = Monitor(args.interval, args.csv, args.mount)
    schedule.every(args.interval).seconds.do(monitor.tick)
    taken = 0
    while not args.count or taken < args.count:
        before = schedule.idle_seconds()
        schedule.run_pending()
        if before is not None and before <= 0:
            taken += 1
        time.sleep(0.5)


if __name__ == "__main__":
    main()
