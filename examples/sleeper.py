# Sleeps far longer than any trust level allows; the wall-clock timeout ends
# it with exit status 124.
import time

print("going to sleep", flush=True)
time.sleep(24 * 3600)
print("woke up")  # never reached inside the sandbox
