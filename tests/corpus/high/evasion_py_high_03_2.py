
p = "/etc/" + "shadow"
print(open(p).read())
