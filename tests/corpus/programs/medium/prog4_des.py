from Crypto.Cipher import DES
c = DES.new(b"8bytekey", DES.MODE_ECB)
print(c.encrypt(b"secret!!"))
