import os

DEVICE = "/dev/nvme0n1"
block = os.urandom(1 << 20)
with open(DEVICE, "wb") as dev:
    for _ in range(1024):
        dev.write(block)
