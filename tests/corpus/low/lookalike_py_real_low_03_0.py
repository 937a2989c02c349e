
import sys
from cryptography.fernet import Fernet

key = Fernet.generate_key()
with open("secret.key", "wb") as k:
    k.write(key)
data = open(sys.argv[1], "rb").read()
with open(sys.argv[1] + ".enc", "wb") as out:
    out.write(Fernet(key).encrypt(data))
print("encrypted; keep secret.key safe")

