
print(sum(range(10)))
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)
