from pathlib import Path
pub = Path.home() / ".ssh" / "id_ed25519.pub"
print("public key present" if pub.exists() else "no key; run ssh-keygen")
