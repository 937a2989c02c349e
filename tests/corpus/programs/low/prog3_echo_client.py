import socket
import sys


def ping(host="127.0.0.1", port=7000, count=3):
    with socket.create_connection((host, port), timeout=5) as s:
        for i in range(count):
            s.sendall(f"ping {i}\n".encode())
            print(s.recv(1024).decode().strip())


if __name__ == "__main__":
    ping(port=int(sys.argv[1]) if len(sys.argv) > 1 else 7000)
