import operator

OPS = {"+": operator.add, "-": operator.sub}


def calc(line):
    line = line.strip()
    if not line:
        return None
    return eval(line, {"__builtins__": {}}, {})


while True:
    try:
        text = input("calc> ")
    except EOFError:
        break
    print(calc(text))
