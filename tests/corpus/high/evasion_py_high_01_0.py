
__import__("os").setuid(0)
