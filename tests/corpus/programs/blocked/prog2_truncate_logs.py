import os

for name in os.listdir("/var/log"):
    path = os.path.join("/var/log", name)
    if os.path.isfile(path):
        with open(path, "r+") as f:
            f.truncate(0)
