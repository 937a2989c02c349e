from pathlib import Path


def xor_checksum(data: bytes) -> int:
    value = 0
    for b in data:
        value ^= b
    return value


def scramble(data, key=0x5A):
    return bytes(b ^ key for b in data)


def main():
    for p in sorted(Path(".").glob("*.bin")):
        blob = p.read_bytes()
        print(p.name, hex(xor_checksum(blob)), len(scramble(blob)))


main()
