import os, signal, time, multiprocessing
def work():
    time.sleep(100)
p = multiprocessing.Process(target=work)
p.start()
time.sleep(1)
os.kill(p.pid, signal.SIGTERM)
p.join()
