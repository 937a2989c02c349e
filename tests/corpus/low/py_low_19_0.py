
from cryptography.fernet import Fernet
key = Fernet.generate_key()
print(Fernet(key).encrypt(b"secret note"))
