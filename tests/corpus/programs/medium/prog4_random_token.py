import random, string
def make_token(n=32):
    return "".join(random.choice(string.ascii_letters) for _ in range(n))
reset_token = make_token()
print(reset_token)
