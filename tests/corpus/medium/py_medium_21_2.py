#!/usr/bin/env python3

import ftplib
ftp = ftplib.FTP("ftp.example.com")
ftp.login()
def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a
