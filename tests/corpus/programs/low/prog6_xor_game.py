def encrypt(msg, key):
    return bytes(c ^ key[i % len(key)] for i, c in enumerate(msg))
secret = encrypt(b"treasure at 3,4", b"pirate")
print(secret.hex())
print(encrypt(secret, b"pirate").decode())
