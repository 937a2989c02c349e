def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

exec("y = 3\nprint(y)")
