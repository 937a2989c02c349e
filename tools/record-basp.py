#!/usr/bin/env python3
"""Records the BASP traffic of one real `submit --stats` (plain TCP on
loopback), run on a worker, for tests/unit/transport/data/client.{up,down}.bin:
a relay between the client and a fresh `serve --local-slots 0` with one
worker joined, writing each direction's bytes after the tunnel's first line.
Re-record when a message type's layout changes.

    tools/record-basp.py build/bin/mai-sandbox OUT_DIR
"""
import pathlib
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time


def relay(src, dst, sink):
    while True:
        try:
            data = src.recv(65536)
        except OSError:
            data = b""
        if not data:
            try:
                dst.shutdown(socket.SHUT_WR)
            except OSError:
                pass
            return
        sink.append(data)
        dst.sendall(data)


def main():
    binary, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    config = pathlib.Path(__file__).resolve().parent.parent / "config"
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="mai-record-"))
    serve = subprocess.Popen([binary, "--config", config, "--state", tmp / "state", "serve",
                              "--listen", "127.0.0.1:0", "--local-slots", "0"],
                             stdout=subprocess.PIPE, text=True)
    worker = None
    try:
        port = int(re.search(r"serving on \S+:(\d+)", serve.stdout.readline()).group(1))
        log = tmp / "worker.log"
        worker = subprocess.Popen(["unshare", "--mount", "--pid", "--fork", "--mount-proc",
                                   "--kill-child", binary, "--config", config, "--state",
                                   tmp / "worker", "worker", "--join", f"127.0.0.1:{port}",
                                   "--name", "w1"], stderr=open(log, "w"))
        while "joined" not in log.read_text():
            if worker.poll() is not None:
                raise SystemExit("the worker did not join:\n" + log.read_text())
            time.sleep(0.1)
        listener = socket.create_server(("127.0.0.1", 0))
        prog = tmp / "s15.py"
        prog.write_text('import time\ntime.sleep(1.5)\nprint("done")\n')
        client = subprocess.Popen([binary, "--config", config, "submit", "--stats", "--server",
                                   f"127.0.0.1:{listener.getsockname()[1]}", prog])
        down_conn, _ = listener.accept()
        up_conn = socket.create_connection(("127.0.0.1", port))
        up, down = [], []
        threads = [threading.Thread(target=relay, args=(down_conn, up_conn, up)),
                   threading.Thread(target=relay, args=(up_conn, down_conn, down))]
        for t in threads:
            t.start()
        if client.wait(timeout=120) != 0:
            raise SystemExit("submit failed")
        for conn in (down_conn, up_conn):
            try:
                conn.shutdown(socket.SHUT_RDWR)
            except OSError:  # already closed by its end
                pass
        for t in threads:
            t.join()
        for name, chunks in (("client.up.bin", up), ("client.down.bin", down)):
            data = b"".join(chunks)
            (out / name).write_bytes(data[data.index(b"\n") + 1:])  # the tunnel's line
    finally:
        if worker:
            worker.kill()  # unshare --kill-child takes the worker with it
            worker.wait()
        serve.terminate()
        serve.wait()
        subprocess.run(["rm", "-rf", tmp])


if __name__ == "__main__":
    main()
