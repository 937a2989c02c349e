# The smallest useful program: it proves the sandbox starts, runs Python and
# passes the output through.
import platform
import sys

print("Hello from inside mai-sandbox!")
print(f"Python {platform.python_version()} on {sys.platform}")
