# Allocates memory in 16 MiB steps until something stops it. In the sandbox
# the memory limit does: the run ends with termination memory_limit and exit
# status 137.
chunks = []
total = 0
while True:
    chunks.append(bytearray(16 * 1024 * 1024))
    total += 16
    print(f"holding {total} MiB", flush=True)
