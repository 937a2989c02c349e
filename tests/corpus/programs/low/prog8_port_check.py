"""Checks whether the services in a list answer on their ports."""
import argparse
import concurrent.futures
import socket


def check(host, port, timeout=2.0):
    try:
        with socket.create_connection((host, port), timeout=timeout) as s:
            s.sendall(b"HEAD / HTTP/1.0\r\n\r\n")
            return True, s.recv(64)
    except OSError as exc:
        return False, str(exc).encode()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("targets", nargs="+", help="host:port")
    args = ap.parse_args()
    pairs = [(t.rsplit(":", 1)[0], int(t.rsplit(":", 1)[1])) for t in args.targets]
    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        for (host, port), (ok, detail) in zip(pairs, pool.map(lambda p: check(*p), pairs)):
            print(f"{host}:{port} {'up' if ok else 'down'} {detail[:40]!r}")


main()
