#!/usr/bin/env python3
"""Per-container resource snapshot without cAdvisor.

Talks HTTP/1.0 directly to the Engine API over its unix socket (no docker SDK
dependency on the minimal hosts), pulls one-shot stats for every running
container and writes a node_exporter textfile into ./textfile/.
"""
import argparse
import json
import logging
import os
import socket
import time
from pathlib import Path

log = logging.getLogger("ctr-stats")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/docker.sock")
API_VERSION = "v1.43"


class EngineClient:
    def __init__(self, sock_path: str, timeout: float = 10.0):
        self.sock_path = sock_path
        self.timeout = timeout

    def _request(self, path: str) -> bytes:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        try:
            s.connect(self.sock_path)
            req = (f"GET /{API_VERSION}{path} HTTP/1.0\r\n"
                   f"Host: engine\r\nAccept: application/json\r\n\r\n")
            s.sendall(req.encode("ascii"))
            chunks = []
            while True:
                buf = s.recv(65536)
                if not buf:
                    break
                chunks.append(buf)
        finally:
            s.close()
        raw = b"".join(chunks)
        head, _, body = raw.partition(b"\r\n\r\n")
        status_line = head.split(b"\r\n", 1)[0].decode()
        code = int(status_line.split()[1])
        if code != 200:
            raise RuntimeError(f"{path}: HTTP {code}")
        return body

    def get_json(self, path: str):
        return json.loads(self._request(path))

    def running_containers(self):
        return self.get_json("/containers/json")

    def stats(self, cid: str):
        return self.get_json(f"/containers/{cid}/stats?stream=false&one-shot=true")


def cpu_percent(st: dict) -> float:
    cpu = st.get("cpu_stats", {})
    pre = st.get("precpu_stats", {})
    delta = cpu.get("cpu_usage", {}).get("total_usage", 0) - pre.get("cpu_usage", {}).get("total_usage", 0)
    sys_delta = cpu.get("system_cpu_usage", 0) - pre.get("system_cpu_usage", 0)
    ncpu = cpu.get("online_cpus") or 1
    if sys_delta <= 0 or delta < 0:
        return 0.0
    return delta / sys_delta * ncpu * 100.0


def to_textfile(samples) -> str:
    out = ["# HELP ctr_cpu_percent CPU usage percent over the sample window",
           "# TYPE ctr_cpu_percent gauge",
           "# HELP ctr_mem_bytes Memory usage minus page cache",
           "# TYPE ctr_mem_bytes gauge",
           "# HELP ctr_net_rx_bytes Total bytes received",
           "# TYPE ctr_net_rx_bytes counter"]
    for name, image, st in samples:
        lbl = f'name="{name}",image="{image}"'
        mem = st.get("memory_stats", {})
        usage = mem.get("usage", 0) - mem.get("stats", {}).get("inactive_file", 0)
        rx = sum(n.get("rx_bytes", 0) for n in (st.get("networks") or {}).values())
        out.append(f"ctr_cpu_percent{{{lbl}}} {cpu_percent(st):.2f}")
        out.append(f"ctr_mem_bytes{{{lbl}}} {max(usage, 0)}")
        out.append(f"ctr_net_rx_bytes{{{lbl}}} {rx}")
    return "\n".join(out) + "\n"


def snapshot(client: EngineClient, outdir: Path) -> int:
    samples = []
    for c in client.running_containers():
        name = (c.get("Names") or ["/unknown"])[0].lstrip("/")
        try:
            samples.append((name, c.get("Image", ""), client.stats(c["Id"])))
        except (RuntimeError, OSError, ValueError) as exc:
            log.warning("stats for %s failed: %s", name, exc)
    outdir.mkdir(exist_ok=True)
    tmp = outdir / ".containers.prom.tmp"
    tmp.write_text(to_textfile(samples))
    tmp.replace(outdir / "containers.prom")
    return len(samples)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, default=Path("textfile"))
    ap.add_argument("--every", type=float, default=0, help="repeat every N seconds")
    ap.add_argument("--socket", default=ENGINE_SOCK)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    client = EngineClient(args.socket)
    while True:
        started = time.monotonic()
        try:
            n = snapshot(client, args.out)
            log.info("wrote stats for %d container(s) in %.2fs", n, time.monotonic() - started)
        except (OSError, RuntimeError) as exc:
            log.error("engine unreachable: %s", exc)
        if args.every <= 0:
            break
        time.sleep(max(0.0, args.every - (time.monotonic() - started)))


if __name__ == "__main__":
    main()
