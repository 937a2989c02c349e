import os
from pathlib import Path
from cryptography.fernet import Fernet
key = os.environ["BACKUP_KEY"].encode()
f = Fernet(key)
src = Path("notes")
out = Path("backup"); out.mkdir(exist_ok=True)
for p in src.rglob("*.md"):
    (out / (p.name + ".enc")).write_bytes(f.encrypt(p.read_bytes()))
