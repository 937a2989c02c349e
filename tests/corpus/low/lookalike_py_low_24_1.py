
x = eval("1 + 2")
print(x)
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)
