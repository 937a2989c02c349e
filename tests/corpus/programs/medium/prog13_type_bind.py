"""Status beacon listener for the lab's sensors."""
import argparse
import socket


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bind", type=str, default="0.0.0.0")
    ap.add_argument("--port", type=int, default=9999)
    opts = vars(ap.parse_args())
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind((opts["bind"], opts["port"]))
    while True:
        data, peer = sock.recvfrom(2048)
        print(peer, data[:80])


if __name__ == "__main__":
    main()
