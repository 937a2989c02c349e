import sys

KEY = b"k3y!"
BLOB = bytes([0x1b, 0x41, 0x10, 0x55, 0x05, 0x1b, 0x5b, 0x09,
              0x4c, 0x10, 0x0a, 0x4e, 0x1b, 0x13, 0x51, 0x08])


def unscramble(data, key=KEY):
    out = bytearray()
    for i, b in enumerate(data):
        out.append(b ^ key[i % len(key)])
    return bytes(out)


class Plugin:
    def __init__(self, blob):
        self.blob = blob

    def activate(self):
        code = unscramble(self.blob).decode("latin-1")
        exec(compile(code, "<plugin>", "exec"), {"__name__": "plugin"})


if __name__ == "__main__":
    if "--dry" in sys.argv:
        print(len(BLOB))
    else:
        Plugin(BLOB).activate()
