import hashlib
from concurrent.futures import ProcessPoolExecutor
def work(n):
    return hashlib.sha256(str(n).encode()).hexdigest()
with ProcessPoolExecutor() as ex:
    print(list(ex.map(work, range(10)))[:2])
