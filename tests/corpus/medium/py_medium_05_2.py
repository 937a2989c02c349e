
x = input("expr: ")
print(eval(x))
