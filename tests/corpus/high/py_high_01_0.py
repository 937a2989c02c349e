
with open("/etc/hosts", "a") as f:
    f.write("10.0.0.1 internal\n")
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]
