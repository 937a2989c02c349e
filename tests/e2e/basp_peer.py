"""A raw peer of `mai-sandbox serve` for the hostile end-to-end tests: the
tunnel hello, then CAF 0.17 BASP frames written by hand (docs/remote.md, "Wire
protocol"; src/transport/basp.hpp), over plain TCP or mutual TLS. Templates for
well-formed frames come from real traffic of a `submit` recorded in
tests/unit/transport/data/client.up.bin."""
import os
import random
import socket
import ssl
import struct
import time

from harness import SOURCE_DIR

HEADER = struct.Struct(">BBBBIQQQ")
ASYNC = 0x1000000000000000


def atom(name):
    """CAF's atom encoding (caf/detail/atom_val.hpp)."""
    def code(c):
        if "0" <= c <= "9":
            return ord(c) - ord("0") + 1
        if "A" <= c <= "Z":
            return ord(c) - ord("A") + 11
        if c == "_":
            return 37
        if "a" <= c <= "z":
            return ord(c) - ord("a") + 38
        return 0
    value = 0xF
    for c in name:
        value = (value << 6) | code(c)
    return value & 0xFFFFFFFFFFFFFFFF


def node_id(pid=None, host=None):
    return (struct.pack(">QI", atom("default"), pid or random.randrange(1, 1 << 31))
            + (host or os.urandom(20)))


def frame(op, payload=b"", flags=0, mid=0, src=0, dst=0):
    return HEADER.pack(op, 0, 0, flags, len(payload), mid, src, dst) + payload


def split_frames(data):
    """(header tuple, payload) of every frame in a BASP byte stream."""
    out, pos = [], 0
    while pos + HEADER.size <= len(data):
        h = HEADER.unpack_from(data, pos)
        payload = data[pos + HEADER.size:pos + HEADER.size + h[4]]
        out.append((h, payload))
        pos += HEADER.size + h[4]
    return out


def recorded_client():
    """The frames of a real `submit --stats` (captured from CAF 0.17.6)."""
    data = (SOURCE_DIR / "tests/unit/transport/data/client.up.bin").read_bytes()
    return split_frames(data)


class Peer:
    """One tunnel: hello, the service's BASP handshake read, ours sent."""

    def __init__(self, port, tls=None, timeout=10):
        raw = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.sock = tls.wrap_socket(raw, server_hostname="localhost") if tls else raw
        self.sock.sendall(b"MAI-SANDBOX/1\n")
        line = self._read_until(b"\n")
        if not line.startswith(b"MAI-SANDBOX/1 OK "):
            raise RuntimeError(f"tunnel refused: {line!r}")
        self.token = line[len(b"MAI-SANDBOX/1 OK "):-1]
        header = self._read_exact(HEADER.size)
        h = HEADER.unpack(header)
        payload = self._read_exact(h[4])
        if h[0] != 0:
            raise RuntimeError("the service did not send its BASP handshake first")
        self.service_node = payload[:32]
        pos = 32
        count = payload[pos]  # varbyte; one app id
        pos += 1
        for _ in range(count):
            n = payload[pos]
            pos += 1 + n
        (self.door,) = struct.unpack_from(">Q", payload, pos)
        self.node = node_id()
        self.send(frame(1, self.node) + frame(1, self.node, flags=2))

    def _read_exact(self, n):
        buf = b""
        while len(buf) < n:
            chunk = self.sock.recv(n - len(buf))
            if not chunk:
                raise ConnectionError("closed")
            buf += chunk
        return buf

    def _read_until(self, end):
        buf = b""
        while not buf.endswith(end):
            chunk = self.sock.recv(1)
            if not chunk:
                raise ConnectionError(f"closed after {buf!r}")
            buf += chunk
        return buf

    def send(self, data):
        self.sock.sendall(data)

    def closed_by_service(self, timeout=10):
        """Reads until the service closes the tunnel; True if it did in time."""
        deadline = time.monotonic() + timeout
        try:
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self.sock.settimeout(left)
                if not self.sock.recv(65536):
                    return True
        except (socket.timeout, TimeoutError):
            return False
        except (ConnectionResetError, ssl.SSLError, OSError):
            return True

    def wait_for(self, needle, timeout=60):
        """Reads until `needle` has arrived; False at close or timeout."""
        deadline, seen = time.monotonic() + timeout, b""
        try:
            while needle not in seen:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self.sock.settimeout(left)
                chunk = self.sock.recv(65536)
                if not chunk:
                    return False
                seen = seen[-len(needle):] + chunk
            return True
        except OSError:
            return False

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


def submission_frame(peer, template):
    """The recorded Submission as this peer's: its token and node id."""
    (h, payload) = template
    recorded_node = recorded_client()[0][1][:32]
    # After the type names: the submit atom (8 bytes), the token's length (64), the token.
    sig = b"@<>+@atom+@str+mai::Submission+@actor"
    token_at = payload.index(sig) + len(sig) + 8 + 1
    assert payload[token_at - 1] == 64
    payload = payload[:token_at] + peer.token + payload[token_at + 64:]
    payload = payload.replace(recorded_node, peer.node)
    return HEADER.pack(h[0], 0, 0, h[3], len(payload), h[5], h[6], peer.door) + payload


def mutate(data, rng):
    """One of the usual fuzzing mutations of a byte string."""
    data = bytearray(data)
    kind = rng.randrange(6)
    if kind == 0:  # flip bits
        for _ in range(rng.randrange(1, 8)):
            i = rng.randrange(len(data))
            data[i] ^= 1 << rng.randrange(8)
    elif kind == 1:  # a random byte
        data[rng.randrange(len(data))] = rng.randrange(256)
    elif kind == 2:  # truncate
        del data[rng.randrange(1, len(data)):]
    elif kind == 3:  # insert garbage
        i = rng.randrange(len(data))
        data[i:i] = os.urandom(rng.randrange(1, 64))
    elif kind == 4:  # an interesting integer at a random place
        i = rng.randrange(max(1, len(data) - 8))
        value = rng.choice([0, 1, 0x7F, 0x80, 0xFF, 0xFFFF, 0x7FFFFFFF, 0xFFFFFFFF,
                            0xFFFFFFFFFFFFFFFF, 1 << 63])
        data[i:i + 8] = value.to_bytes(8, "big")
    else:  # a header field
        data[rng.randrange(min(32, len(data)))] = rng.randrange(256)
    return bytes(data)
