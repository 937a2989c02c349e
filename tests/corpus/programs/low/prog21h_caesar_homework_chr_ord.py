#!/usr/bin/env python3
"""CS101 assignment 3: the Caesar cipher.

Part A: encrypt/decrypt with a known shift.
Part B: break an unknown shift using English letter frequencies.
"""
import string
import sys

ENGLISH_FREQ = {
    "e": 12.7, "t": 9.1, "a": 8.2, "o": 7.5, "i": 7.0, "n": 6.7, "s": 6.3,
    "h": 6.1, "r": 6.0, "d": 4.3, "l": 4.0, "c": 2.8, "u": 2.8, "m": 2.4,
    "w": 2.4, "f": 2.2, "g": 2.0, "y": 2.0, "p": 1.9, "b": 1.5, "v": 1.0,
    "k": 0.8, "j": 0.2, "x": 0.2, "q": 0.1, "z": 0.1,
}


def shift_char(ch, shift):
    if "a" <= ch <= "z":
        return chr((ord(ch) - ord("a") + shift) % 26 + ord("a"))
    if "A" <= ch <= "Z":
        return chr((ord(ch) - ord("A") + shift) % 26 + ord("A"))
    return ch


def encrypt(text, shift):
    return "".join(shift_char(c, shift) for c in text)


def decrypt(text, shift):
    return encrypt(text, -shift)


def encrypt_fast(text, shift):
    """Same as encrypt() but using str.translate (Part A bonus)."""
    lower, upper = string.ascii_lowercase, string.ascii_uppercase
    k = shift % 26
    table = str.maketrans(lower + upper, lower[k:] + lower[:k] + upper[k:] + upper[:k])
    return text.translate(table)


def chi_squared(text):
    letters = [c for c in text.lower() if c in ENGLISH_FREQ]
    if not letters:
        return float("inf")
    total = len(letters)
    score = 0.0
    for letter, pct in ENGLISH_FREQ.items():
        expected = total * pct / 100
        observed = letters.count(letter)
        score += (observed - expected) ** 2 / expected
    return score


def crack(ciphertext):
    """Return (shift, plaintext) with the lowest chi-squared score."""
    candidates = [(chi_squared(decrypt(ciphertext, s)), s) for s in range(26)]
    _, best = min(candidates)
    return best, decrypt(ciphertext, best)


def self_test():
    assert encrypt("abc xyz", 3) == "def abc"
    assert decrypt("Khoor, Zruog!", 3) == "Hello, World!"
    for s in range(-30, 30):
        assert encrypt_fast("The Quick Brown Fox", s) == encrypt("The Quick Brown Fox", s)
    secret = encrypt("attack at dawn when the tide is low and the moon is new", 11)
    assert crack(secret) == (11, "attack at dawn when the tide is low and the moon is new")
    print("all tests passed")


def main(argv):
    if len(argv) == 1:
        self_test()
        return 0
    mode, rest = argv[1], argv[2:]
    if mode == "enc" and len(rest) == 2:
        print(encrypt(rest[1], int(rest[0])))
    elif mode == "dec" and len(rest) == 2:
        print(decrypt(rest[1], int(rest[0])))
    elif mode == "crack" and len(rest) == 1:
        shift, plain = crack(rest[0])
        print(f"shift={shift}: {plain}")
    else:
        print("usage: caesar.py [enc N TEXT | dec N TEXT | crack TEXT]")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
