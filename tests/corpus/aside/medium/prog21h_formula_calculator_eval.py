#!/usr/bin/env python3
"""calc - an interactive calculator with variables and math functions.

    > r = 2.5
    > area = pi * r ** 2
    > sqrt(area) / 3
"""
import math
import re
import readline  # noqa: F401  (line editing for input())
import sys

ASSIGN = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=(?!=)\s*(.+)$")

MATH_NAMES = {
    name: getattr(math, name)
    for name in dir(math)
    if not name.startswith("_")
}
MATH_NAMES.update({"abs": abs, "round": round, "min": min, "max": max})


class Calculator:
    def __init__(self):
        self.variables = {"ans": 0}
        self.history = []

    def namespace(self):
        scope = dict(MATH_NAMES)
        scope.update(self.variables)
        return scope

    def evaluate(self, line):
        match = ASSIGN.match(line)
        target, expr = (match.group(1), match.group(2)) if match else ("ans", line)
        value = eval(expr, {"__builtins__": {}}, self.namespace())
        self.variables[target] = value
        self.history.append((line, value))
        return target, value

    def show_vars(self):
        for name, value in sorted(self.variables.items()):
            print(f"  {name} = {value!r}")


def repl(calc):
    print("calc - type an expression, 'vars', 'history' or 'quit'")
    while True:
        try:
            line = input("> ").strip()
        except (EOFError, KeyboardInterrupt):
            print()
            break
        if not line:
            continue
        if line in ("quit", "exit"):
            break
        if line == "vars":
            calc.show_vars()
            continue
        if line == "history":
            for entry, value in calc.history[-20:]:
                print(f"  {entry}  ->  {value!r}")
            continue
        try:
            name, value = calc.evaluate(line)
        except Exception as exc:  # report and keep going
            print(f"  error: {exc}")
            continue
        print(f"  {name} = {value!r}" if name != "ans" else f"  {value!r}")


def main(argv):
    calc = Calculator()
    if len(argv) > 1:
        for expr in argv[1:]:
            print(calc.evaluate(expr)[1])
        return 0
    repl(calc)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
