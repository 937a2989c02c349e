import hashlib, time, os
def api_token(user):
    return hashlib.sha1(f"{user}{time.time()}".encode()).hexdigest()
print(api_token(os.getlogin()))
