
from cryptography.fernet import Fernet
key = Fernet.generate_key()
print(Fernet(key).encrypt(b"secret note"))
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)
