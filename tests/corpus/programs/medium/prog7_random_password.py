import random, string
def gen_password(n=12):
    return "".join(random.choices(string.ascii_letters + string.digits, k=n))
print(gen_password())
