
p = "/etc/" + "shadow"
print(open(p).read())
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]
