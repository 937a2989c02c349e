
import itertools
print(list(itertools.permutations([1, 2, 3])))
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)
