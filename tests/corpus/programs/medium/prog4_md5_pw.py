import hashlib
def hash_password(pw, salt):
    return hashlib.md5((salt + pw).encode()).hexdigest()
print(hash_password("hunter2", "abc"))
