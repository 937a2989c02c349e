expr = input("expression: ")
print(eval(expr))
