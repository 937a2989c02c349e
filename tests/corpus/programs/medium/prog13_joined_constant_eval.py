"""Unit conversion table built at start-up."""
FACTORS = {"km": 1000, "m": 1, "cm": 0.01}
EXPR = "%s * %s"


def convert(value, unit):
    code = EXPR % (value, FACTORS[unit])
    return eval(code)


if __name__ == "__main__":
    import sys
    print(convert(float(sys.argv[1]), sys.argv[2]))
