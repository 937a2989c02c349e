# homework sorter v2 - sorts my homework files into folders by subject
# run it from inside the school folder!! (it only looks at ./homework_inbox)
# TODO: make this into functions some day lol
import os
import hashlib
import json
import shutil
import time

HOMEWORK_DIR = "homework_inbox"
SORTED_DIR = "sorted"
CACHE_FILE = ".sorter_cache.json"
DEBUG = True

subjects = {
    "math": ["math", "algebra", "calc", "geometry", "stats"],
    "english": ["essay", "english", "poem", "reading"],
    "science": ["bio", "chem", "physics", "lab"],
    "history": ["history", "hist", "ww2", "civics"],
    "cs": ["python", "java", "code", "cs1"],
}

cache = {}
copied = 0
dupes = 0
skipped = 0
start = time.time()

# load the cache so we dont copy the same file twice
try:
    f = open(CACHE_FILE)
    cache = json.load(f)
    f.close()
    if DEBUG:
        print("loaded cache with", len(cache), "entries")
except:
    print("no cache yet, starting fresh")
    cache = {}

if not os.path.exists(HOMEWORK_DIR):
    print("cant find", HOMEWORK_DIR, "are you in the right folder??")
    exit(1)

for root, dirs, files in os.walk(HOMEWORK_DIR):
    for name in files:
        path = os.path.join(root, name)
        if DEBUG:
            print("looking at", path)
        try:
            fh = open(path, "rb")
            data = fh.read()
            fh.close()
        except:
            print("cant read", path)
            skipped = skipped + 1
            continue
        # md5 is fine here its just to spot duplicates
        key = hashlib.md5(data).hexdigest()
        if key in cache:
            print("duplicate of", cache[key], "-> skipping", name)
            dupes = dupes + 1
            continue
        subject = "other"
        lower = name.lower()
        for s in subjects:
            for word in subjects[s]:
                if word in lower:
                    subject = s
        dest_folder = os.path.join(SORTED_DIR, subject)
        if not os.path.exists(dest_folder):
            os.makedirs(dest_folder)
            print("made folder", dest_folder)
        dest = os.path.join(dest_folder, name)
        if os.path.exists(dest):
            # same name different content, add a number
            n = 1
            while os.path.exists(dest):
                base, ext = os.path.splitext(name)
                dest = os.path.join(dest_folder, base + "_" + str(n) + ext)
                n = n + 1
        try:
            shutil.copy2(path, dest)
            cache[key] = dest
            copied = copied + 1
        except:
            print("copy failed for", path)
            skipped = skipped + 1

# remove leftover temp files from the old version of this script
for name in os.listdir("."):
    if name.endswith(".sorter_tmp"):
        print("removing old temp file", name)
        try:
            os.remove(name)
        except:
            pass

try:
    f = open(CACHE_FILE, "w")
    json.dump(cache, f, indent=2)
    f.close()
except:
    print("couldnt save cache :(")

print("=================")
print("copied:", copied)
print("duplicates:", dupes)
print("skipped:", skipped)
print("took", round(time.time() - start, 2), "seconds")
